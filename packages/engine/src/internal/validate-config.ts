import type { Topology } from '@rackwise/topology';
import type { JobSpec, SchedulerPolicy, Workload } from '@rackwise/types';
import { validateSlotTimeline } from './slot-timeline.js';
import { validateJobLinks } from './validate-recorded.js';

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (typeof value === 'function') return 'a function';
  return Array.isArray(value) ? 'an array' : typeof value;
}

/** Refuses a topology that is not a built `Topology`. */
export function validateTopology(topology: Topology): void {
  if (
    topology === null ||
    typeof topology !== 'object' ||
    typeof topology.flowPath !== 'function' ||
    typeof topology.linkCapacitiesBytesPerSecond !== 'function' ||
    !(Number.isInteger(topology.nodeCount) && topology.nodeCount > 0)
  ) {
    throw new Error(`topology must be a Topology from buildTopology(), got ${describe(topology)}`);
  }
}

/** Refuses a policy object that does not satisfy the v1 contract. */
export function validatePolicy(policy: SchedulerPolicy, where: string): void {
  if (policy === null || typeof policy !== 'object') {
    throw new Error(`${where} must be a SchedulerPolicy object, got ${describe(policy)}`);
  }
  if (policy.specificationVersion !== 'v1') {
    throw new Error(
      `${where}.specificationVersion must be 'v1', got ${describe((policy as { specificationVersion?: unknown }).specificationVersion)}`,
    );
  }
  if (typeof policy.name !== 'string' || policy.name === '') {
    throw new Error(`${where}.name must be a non-empty string, got ${describe(policy.name)}`);
  }
  if (typeof policy.assign !== 'function') {
    throw new Error(`${where}.assign must be a function (policy "${policy.name}")`);
  }
  if (
    policy.tickInterval !== undefined &&
    !(
      typeof policy.tickInterval === 'number' &&
      Number.isFinite(policy.tickInterval) &&
      policy.tickInterval > 0
    )
  ) {
    throw new Error(
      `${where}.tickInterval must be a positive finite number of seconds, got ${describe(policy.tickInterval)} (policy "${policy.name}")`,
    );
  }
  const mode = policy.preemption?.mode;
  if (policy.preemption !== undefined && mode !== 'work-conserving' && mode !== 'kill') {
    throw new Error(
      `${where}.preemption.mode must be 'work-conserving' or 'kill', got ${describe(mode)} (policy "${policy.name}")`,
    );
  }
}

const nonNegative = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** Refuses a workload with a malformed job, naming the job and field. */
export function validateWorkload(workload: Workload, topology: Topology): void {
  if (workload === null || typeof workload !== 'object' || !Array.isArray(workload.jobs)) {
    throw new Error(`workload must be { name, jobs: JobSpec[], placement }, got ${describe(workload)}`);
  }
  const placement = workload.placement;
  if (placement === null || typeof placement !== 'object' || typeof placement.place !== 'function') {
    throw new Error(
      `workload.placement must be a BlockPlacement with a place() function, got ${describe(placement)}`,
    );
  }
  if (!(Number.isInteger(placement.replication) && placement.replication >= 1)) {
    throw new Error(
      `workload.placement.replication must be a positive integer, got ${describe(placement.replication)}`,
    );
  }
  if (placement.replication > topology.nodeCount) {
    throw new Error(
      `workload.placement.replication (${placement.replication}) must not exceed the topology's ${topology.nodeCount} nodes`,
    );
  }
  workload.jobs.forEach((job, i) => validateJob(job, i, workload.jobs));
  if (workload.slotTimeline !== undefined) validateSlotTimeline(workload.slotTimeline, topology);
}

function validateJob(job: JobSpec, i: number, jobs: readonly JobSpec[]): void {
  const where = `workload.jobs[${i}]`;
  if (job === null || typeof job !== 'object')
    throw new Error(`${where} must be a JobSpec, got ${describe(job)}`);
  const name = `${where} (${describe(job.name)})`;
  const fail = (field: string, expected: string, value: unknown): never => {
    throw new Error(`${name}.${field} must be ${expected}, got ${describe(value)}`);
  };
  if (typeof job.name !== 'string') fail('name', 'a string', job.name);
  if (!(Number.isInteger(job.user) && job.user >= 0)) fail('user', 'an integer >= 0', job.user);
  if (typeof job.queue !== 'string') fail('queue', 'a string', job.queue);
  if (!nonNegative(job.submitTime)) fail('submitTime', 'a finite number of seconds >= 0', job.submitTime);
  if (!nonNegative(job.inputBytes)) fail('inputBytes', 'a finite number of bytes >= 0', job.inputBytes);
  if (!nonNegative(job.shuffleBytes)) fail('shuffleBytes', 'a finite number of bytes >= 0', job.shuffleBytes);
  if (!nonNegative(job.outputBytes)) fail('outputBytes', 'a finite number of bytes >= 0', job.outputBytes);
  if (!(Number.isInteger(job.mapCount) && job.mapCount >= 1))
    fail('mapCount', 'an integer >= 1', job.mapCount);
  if (!(Number.isInteger(job.reduceCount) && job.reduceCount >= 0)) {
    fail('reduceCount', 'an integer >= 0', job.reduceCount);
  }
  if (!(typeof job.blockBytes === 'number' && Number.isFinite(job.blockBytes) && job.blockBytes > 0)) {
    fail('blockBytes', 'a positive finite number of bytes', job.blockBytes);
  }
  validateJobLinks(job, i, jobs, name);
  if (job.inputBytes > 0 && job.recorded?.mapInputBytes === undefined) {
    const last = job.inputBytes - (job.mapCount - 1) * job.blockBytes;
    const slack = 1e-9 * job.blockBytes;
    if (!(last > 0 && last <= job.blockBytes + slack)) {
      throw new Error(
        `${name}: mapCount ${job.mapCount} does not match inputBytes ${job.inputBytes} in blocks of ${job.blockBytes} (the last map would read ${last} bytes; expected (0, blockBytes])`,
      );
    }
  }
  if (
    job.declaredShuffleRatio !== undefined &&
    !(
      typeof job.declaredShuffleRatio === 'number' &&
      Number.isFinite(job.declaredShuffleRatio) &&
      job.declaredShuffleRatio >= 0
    )
  ) {
    fail('declaredShuffleRatio', 'a finite number >= 0', job.declaredShuffleRatio);
  }
  for (const field of ['mapDemand', 'reduceDemand'] as const) {
    const demand = job[field];
    if (demand === undefined) continue;
    if (
      demand === null ||
      typeof demand !== 'object' ||
      !(typeof demand.vcores === 'number' && demand.vcores > 0) ||
      !(typeof demand.memoryMb === 'number' && demand.memoryMb > 0)
    ) {
      fail(field, 'an object { vcores, memoryMb } of positive numbers', demand);
    }
  }
}
