import { fc, test } from '@fast-check/vitest';
import type { ClusterView, JobId, NodeId, RackId, UserId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { createClusterState } from './cluster-state.js';
import { HostEventError } from './host-event-error.js';
import type { HostEvent } from './host-events.js';
import { createHostTopology } from './host-topology.js';

const topology = createHostTopology(
  ['a', 'b', 'c', 'd'].map((name, i) => ({ name, rack: i < 2 ? 'r0' : 'r1', slots: 2 })),
  { nicCapacity: 1e9 },
);

/** Everything a policy could read, as plain data. */
function snapshot(view: ClusterView): string {
  const nodes = Array.from({ length: topology.nodeCount }, (_, n) => n as NodeId);
  const jobs = [0, 1, 2].flatMap((id) => {
    try {
      const job = view.job(id as JobId);
      return [
        {
          id,
          maps: Array.from({ length: job.mapCount }, (_, i) => ({
            ...job.map(i),
            runningOn: [...job.map(i).runningOn],
          })),
          reduces: Array.from({ length: job.reduceCount }, (_, i) => ({
            ...job.reduce(i),
            available: job.reduce(i).availableBytes,
          })),
          pending: job.pendingMaps().map((m) => m.index),
          onNode: nodes.map((n) => job.pendingMapsOnNode(n).map((m) => m.index)),
          waiting: job.waitingReduces().map((r) => r.index),
          ready: job.reducesReady,
          out: job.completedMapOutputBytes,
          onRack: [0, 1].map((r) => [job.mapOutputOnRack(r as RackId), job.reducesOnRack(r as RackId)]),
        },
      ];
    } catch {
      return [];
    }
  });
  return JSON.stringify({
    now: view.now,
    free: nodes.map((n) => view.freeSlots(n, 'container')),
    running: [view.runningCount('map'), view.runningCount('reduce')],
    on: nodes.map((n) => [
      view.runningMapsOn(n).length,
      view.runningReducesOn(n).length,
      view.outstandingMapOutput(n),
    ]),
    active: view.activeJobs().map((j) => j.id),
    users: view.activeUsers().map((u) => [u.id, u.jobs.length, u.running('map'), u.running('reduce')]),
    user7: (() => {
      try {
        return view.user(7 as UserId).running('map');
      } catch {
        return 'none';
      }
    })(),
    net: [
      view.network.sampleTime,
      view.network.rackUtilisation(0 as RackId, 'up'),
      view.network.nodeCrossRackRate(0 as NodeId, 'up'),
    ],
    jobs,
  });
}

type Step = { readonly op: number; readonly pick: number; readonly corrupt: number };

const NODES = topology.nodeCount;

/**
 * Builds an event from the current state: a valid one, or (when `corrupt` names a
 * corruption) the same event with one field made wrong. Returns the event and whether it
 * must be refused.
 */
function eventFor(
  state: ReturnType<typeof createClusterState>,
  step: Step,
  nextId: () => number,
): [unknown, boolean] {
  const view = state.view;
  const { pick } = step;
  const bad = step.corrupt >= 6 ? step.corrupt - 6 : -1; // 0..3: one of four corruptions, else valid
  const time = bad === 3 ? state.now - 1 : state.now + (pick % 3);
  const jobs = view.activeJobs();
  const at = <T>(list: readonly T[]): T | undefined => list[pick % Math.max(1, list.length)];
  const freeNode = (n: number) => view.freeSlots(n as NodeId, 'container') > 0;
  const nodes = Array.from({ length: NODES }, (_, n) => n);
  // Starts and finishes most often, so that tasks run, finish and jobs complete.
  switch ([0, 1, 1, 1, 2, 2, 3, 4, 5, 6][step.op % 10]) {
    case 0: {
      const id = bad === 0 && jobs.length > 0 ? jobs[0]!.id : nextId();
      const maps = Array.from({ length: 1 + (pick % 3) }, (_, i) => ({
        inputBytes: bad === 1 && i === 0 ? -1 : 64,
        replicas: bad === 2 && i === 0 ? [NODES + 1] : [((pick + i) % NODES) as NodeId],
      }));
      return [
        { type: 'submit', time, job: { id, user: pick % 3, maps, reduces: pick % 2 } },
        bad >= 1 || (bad === 0 && jobs.length > 0),
      ];
    }
    case 1: {
      const tasks = jobs.flatMap((j) => [...j.pendingMaps(), ...(j.reducesReady ? j.waitingReduces() : [])]);
      const task = at(tasks);
      const free = nodes.filter(freeNode);
      const full = nodes.filter((n) => !freeNode(n));
      if (task === undefined || free.length === 0) return [{ type: 'tick', time }, bad === 3];
      if (bad === 0 && full.length === 0) return [{ type: 'tick', time }, false];
      const node = bad === 0 ? at(full)! : bad === 1 ? NODES + 3 : at(free)!;
      const ref = { job: bad === 2 ? 999 : task.job, kind: task.kind, index: task.index };
      return [{ type: 'start', time, task: ref, node }, bad >= 0];
    }
    case 2: {
      const running = jobs.flatMap((j) => [...j.runningMaps(), ...j.runningReduces()]);
      const task = at(running);
      if (task === undefined) return [{ type: 'tick', time }, bad === 3];
      const node = task.kind === 'map' ? task.runningOn[0]! : task.node!;
      const pending = jobs.flatMap((j) => j.pendingMaps())[0];
      const ref = bad === 2 && pending !== undefined ? pending : task;
      const outputBytes = bad === 0 ? Number.NaN : bad === 1 ? -5 : 32;
      // A reduce cannot finish before every map of its job has.
      const ofJob = jobs.find((j) => j.id === ref.job)!;
      const early = ref.kind === 'reduce' && ofJob.count('map', 'completed') < ofJob.mapCount;
      const refused = early || bad === 0 || bad === 1 || bad === 3 || (bad === 2 && pending !== undefined);
      return [
        { type: 'finish', time, task: { job: ref.job, kind: ref.kind, index: ref.index }, node, outputBytes },
        refused,
      ];
    }
    case 3: {
      const reduce = at(jobs.flatMap((j) => j.runningReduces()));
      if (reduce === undefined) return [{ type: 'tick', time }, bad === 3];
      const fetchedBytes =
        bad === 0 ? Number.POSITIVE_INFINITY : bad === 1 ? reduce.fetchedBytes - 1 : reduce.fetchedBytes + 10;
      const refused = bad === 3 || bad === 0 || (bad === 1 && reduce.fetchedBytes - 1 < reduce.fetchedBytes);
      return [
        {
          type: 'shuffle',
          time,
          task: { job: reduce.job, kind: 'reduce', index: reduce.index },
          fetchedBytes,
        },
        refused,
      ];
    }
    case 4: {
      const running = jobs.flatMap((j) => [...j.runningMaps(), ...j.runningReduces()]);
      const task = at(running);
      if (task === undefined) return [{ type: 'tick', time }, bad === 3];
      const node = task.kind === 'map' ? task.runningOn[0]! : task.node!;
      const type = pick % 2 === 0 ? 'fail' : 'kill';
      const wrong = bad === 0 || bad === 1 || bad === 2;
      return [
        {
          type,
          time,
          task: { job: task.job, kind: task.kind, index: task.index },
          node: wrong ? NODES + 2 : node,
        },
        bad >= 0,
      ];
    }
    case 5: {
      const load = bad === 0 ? -1 : bad === 1 ? Number.NaN : 5e8;
      return [
        { type: 'links', time, racks: [{ rack: bad === 2 ? 9 : pick % 2, up: load, down: 1e8 }] },
        bad >= 0,
      ];
    }
    default: {
      const from = pick % NODES;
      const to = bad === 0 ? from : bad === 1 ? -1 : (from + 2) % NODES;
      return [{ type: bad === 2 ? 'reboot' : 'flows', time, flows: [{ from, to }] }, bad >= 0];
    }
  }
}

describe('refused events', () => {
  test.prop([
    fc.array(fc.record({ op: fc.nat(9), pick: fc.nat(1000), corrupt: fc.nat(9) }), {
      minLength: 30,
      maxLength: 120,
    }),
  ])(
    'valid events are taken; a bad one is refused naming its field and leaves the state exactly as before',
    (steps) => {
      const state = createClusterState({ topology });
      let id = 0;
      for (const step of steps) {
        const [event, mustRefuse] = eventFor(state, step, () => id++);
        const before = snapshot(state.view);
        let refusal: unknown;
        try {
          state.apply(event as HostEvent);
        } catch (error) {
          refusal = error;
        }
        if (!mustRefuse) {
          expect(refusal).toBeUndefined();
          continue;
        }
        expect(refusal).toBeInstanceOf(HostEventError);
        const error = refusal as HostEventError;
        expect(error.field).not.toBe('');
        expect(error.message).toContain(error.field);
        expect(error.event).toBe(event);
        expect(snapshot(state.view)).toBe(before);
        for (let n = 0; n < NODES; n++)
          expect(state.view.freeSlots(n as NodeId, 'container')).toBeGreaterThanOrEqual(0);
      }
    },
  );
});

const bytes = fc.constantFrom(-1, Number.NaN, Number.POSITIVE_INFINITY, 0, 100, 1e6);
const node = fc.integer({ min: -1, max: 4 });
const task = fc.record({
  job: fc.integer({ min: 0, max: 3 }),
  kind: fc.constantFrom('map', 'reduce', 'shuffle'),
  index: fc.integer({ min: -1, max: 3 }),
});
const step = fc.integer({ min: -2, max: 3 });
const event = fc.oneof(
  fc.record({
    type: fc.constant('submit'),
    step,
    job: fc.record({
      id: fc.integer({ min: 0, max: 2 }),
      user: fc.constantFrom(0, 7, -1),
      maps: fc.array(fc.record({ inputBytes: bytes, replicas: fc.uniqueArray(node, { maxLength: 2 }) }), {
        maxLength: 3,
      }),
      reduces: fc.integer({ min: -1, max: 2 }),
    }),
  }),
  fc.record({
    type: fc.constantFrom('start', 'start', 'start', 'fail', 'kill'),
    step,
    task,
    node,
    duplicate: fc.boolean(),
  }),
  fc.record({ type: fc.constant('finish'), step, task, node, outputBytes: bytes }),
  fc.record({
    type: fc.constant('preempt'),
    step,
    task,
    mode: fc.constantFrom('work-conserving', 'kill', 'nap'),
  }),
  fc.record({ type: fc.constant('shuffle'), step, task, fetchedBytes: bytes }),
  fc.record({ type: fc.constant('progress'), step, task, progress: fc.constantFrom(-0.5, 0.5, 1, 2) }),
  fc.record({
    type: fc.constant('links'),
    step,
    racks: fc.array(fc.record({ rack: fc.integer({ min: -1, max: 2 }), up: bytes, down: bytes }), {
      maxLength: 2,
    }),
    nodes: fc.array(fc.record({ node, up: bytes, down: bytes }), { maxLength: 2 }),
  }),
  fc.record({
    type: fc.constant('flows'),
    step,
    flows: fc.array(fc.record({ from: node, to: node }), { maxLength: 3 }),
  }),
  fc.record({ type: fc.constantFrom('tick', 'reboot'), step }),
);

describe('malformed events', () => {
  test.prop([fc.array(event, { minLength: 1, maxLength: 60 })])(
    'any shape of event is taken or refused as a HostEventError, never half-applied',
    (events) => {
      const state = createClusterState({ topology });
      for (const { step: dt, ...rest } of events) {
        const e = { ...rest, time: state.now + dt } as unknown as HostEvent;
        const before = snapshot(state.view);
        try {
          state.apply(e);
        } catch (error) {
          expect(error).toBeInstanceOf(HostEventError);
          expect((error as HostEventError).field).not.toBe('');
          expect((error as Error).message).toContain((error as HostEventError).field);
          expect(snapshot(state.view)).toBe(before);
        }
        // Slots are never over-committed whatever was accepted.
        for (let n = 0; n < topology.nodeCount; n++) {
          expect(state.view.freeSlots(n as NodeId, 'container')).toBeGreaterThanOrEqual(0);
        }
      }
    },
  );
});
