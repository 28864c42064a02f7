import { isDeepStrictEqual } from 'node:util';
import { type ClusterState, createClusterState, createHostTopology } from '@rackwise/host';
import type { Topology } from '@rackwise/topology';
import type {
  ClusterView,
  Decision,
  JobView,
  NodeId,
  PolicyContext,
  PreemptionRequest,
  RackId,
  RandomSource,
  SchedulerPolicy,
  TaskRef,
} from '@rackwise/types';

/** One offer where the policy inside the host decided otherwise than inside the engine. */
export interface Mismatch {
  readonly time: number;
  readonly node: number;
  readonly kind: string;
  readonly engine: string;
  readonly host: string;
  readonly why: string;
}

/** What a twin run compared. */
export interface TwinReport {
  offers: number;
  launches: number;
  /** Launches where both picked the very same task (not only an interchangeable one). */
  sameTask: number;
  /** Host decisions that carried evidence (the twin asks for it) in plain, serialisable data. */
  withEvidence: number;
  readonly mismatches: Mismatch[];
}

/** The host topology of an engine topology: the same nodes, racks, slots and links. */
export function hostTopologyOf(topology: Topology) {
  const nodes = Array.from({ length: topology.nodeCount }, (_, n) => {
    const node = n as NodeId;
    return {
      name: `node-${n}`,
      rack: `rack-${topology.rackOf(node)}`,
      slots:
        topology.slotModel === 'container'
          ? topology.slotsOf(node, 'container')
          : { map: topology.slotsOf(node, 'map'), reduce: topology.slotsOf(node, 'reduce') },
      nicCapacity: topology.nicCapacity(node),
      resources: topology.resourcesOf(node),
    };
  });
  const links = (capacity: (rack: RackId) => number) =>
    Object.fromEntries(
      Array.from({ length: topology.rackCount }, (_, r) => [`rack-${r}`, capacity(r as RackId)]),
    );
  return createHostTopology(nodes, {
    rackUplinkCapacity: links((r) => topology.rackUplinkCapacity(r)),
    rackDownlinkCapacity: links((r) => topology.rackDownlinkCapacity(r)),
  });
}

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * Equal as plain data, numbers to a relative 1e-9: sums over a node's running tasks may
 * add in another order in the host than in the engine.
 */
function nearlyEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => nearlyEqual(x, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => nearlyEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
}

const describeDecision = (d: Decision): string =>
  d.type === 'pass'
    ? `pass ${d.reason}`
    : `launch ${d.task.kind} ${d.task.index} of job ${d.task.job}${d.duplicate ? ' (duplicate)' : ''} ${d.reason}`;

/** Where a map's input is relative to a node. */
function locality(view: ClusterView, task: TaskRef, node: NodeId): string {
  const map = view.job(task.job).map(task.index);
  if (map.replicaNodes.includes(node)) return 'node';
  const rack = view.topology.rackOf(node);
  return map.replicaNodes.some((n) => view.topology.rackOf(n) === rack) ? 'rack' : 'remote';
}

/**
 * Why two decisions differ, or `undefined` when they are the same up to interchangeable
 * tasks: the contract leaves the order of a job's pending lists to the host, so two maps
 * of one job with the same input size and the same locality to the node, or two waiting
 * reduces of one job in the same state, are the same decision.
 */
function difference(engine: Decision, host: Decision, view: ClusterView, node: NodeId): string | undefined {
  if (engine.type !== host.type) return 'type';
  if (engine.reason !== host.reason) return 'reason';
  if (engine.type === 'pass' || host.type === 'pass') return undefined;
  if ((engine.duplicate === true) !== (host.duplicate === true)) return 'duplicate';
  const a = engine.task;
  const b = host.task;
  if (a.job !== b.job || a.kind !== b.kind) return 'task';
  if (a.index === b.index) return undefined;
  const job = view.job(a.job);
  if (a.kind === 'reduce')
    return job.reduce(a.index).state === job.reduce(b.index).state ? undefined : 'reduce state';
  const [ma, mb] = [job.map(a.index), job.map(b.index)];
  if (ma.state !== mb.state) return 'map state';
  if (ma.inputBytes !== mb.inputBytes) return 'map input size';
  return locality(view, a, node) === locality(view, b, node) ? undefined : 'map locality';
}

/**
 * Wraps a policy the engine runs so that every event it hears is fed, in order, to a
 * `@rackwise/host` state driving a twin of the policy, and every offer is asked of both.
 * The twin replays the random draws of the engine's policy.
 */
export function engineTwin(
  create: (context: PolicyContext) => SchedulerPolicy,
  topology: Topology,
  mapCompletionThreshold: number,
  report: TwinReport,
): (context: PolicyContext) => SchedulerPolicy {
  return (context) => {
    const draws: number[] = [];
    const recording: RandomSource = {
      next: () => {
        const v = context.random.next();
        draws.push(v);
        return v;
      },
      int: (bound) => {
        const v = context.random.int(bound);
        draws.push(v);
        return v;
      },
    };
    const replay = (): number => {
      const v = draws.shift();
      if (v === undefined) throw new Error('the twin drew a random number the engine policy did not');
      return v;
    };
    const inner = create({ ...context, random: recording, recordEvidence: true });
    const twin = create({ ...context, random: { next: replay, int: replay }, recordEvidence: true });
    const state: ClusterState = createClusterState({
      topology: hostTopologyOf(topology),
      mapCompletionThreshold,
    });
    state.attach(twin);
    let sampled = Number.NaN;

    /** What the host's monitor reports: the engine's latest link sample. */
    const syncNetwork = (view: ClusterView): void => {
      const network = view.network;
      if (network.sampleTime === sampled) return;
      sampled = network.sampleTime;
      const racks = Array.from({ length: topology.rackCount }, (_, r) => ({
        rack: r as RackId,
        up: network.rackUtilisation(r as RackId, 'up'),
        down: network.rackUtilisation(r as RackId, 'down'),
      }));
      const nodes = Array.from({ length: topology.nodeCount }, (_, n) => ({
        node: n as NodeId,
        up: network.nodeCrossRackRate(n as NodeId, 'up'),
        down: network.nodeCrossRackRate(n as NodeId, 'down'),
      }));
      state.apply({
        type: 'links',
        time: Math.max(state.now, network.sampleTime),
        racks,
        nodes,
        measure: 'utilisation',
      });
    };
    const submission = (job: JobView) => ({
      id: job.id,
      user: job.user,
      queue: job.queue,
      maps: Array.from({ length: job.mapCount }, (_, i) => ({
        inputBytes: job.map(i).inputBytes,
        replicas: job.map(i).replicaNodes,
      })),
      reduces: job.reduceCount,
      mapDemand: job.mapDemand,
      reduceDemand: job.reduceDemand,
      ...(job.signature === undefined ? {} : { signature: job.signature }),
      ...(job.declaredShuffleRatio === undefined ? {} : { declaredShuffleRatio: job.declaredShuffleRatio }),
    });
    /**
     * The engine kills a duplicate copy without a hook (the other copy's output was kept,
     * or an early choice kept a running copy): tell the host, as a real host would report
     * the kill it carried out, before any later event on that node.
     */
    const reconcileCopies = (view: ClusterView): void => {
      if (inner.duplication === undefined) return;
      for (const job of state.view.activeJobs()) {
        const engineJob = view.job(job.id);
        for (let i = 0; i < job.mapCount; i++) {
          const hostMap = job.map(i);
          if (hostMap.state !== 'running') continue;
          const engineMap = engineJob.map(i);
          if (engineMap.state !== 'running') continue; // completed: its finish hook follows
          for (const node of [...hostMap.runningOn]) {
            if (!engineMap.runningOn.includes(node)) {
              state.apply({
                type: 'kill',
                time: view.now,
                task: { job: job.id, kind: 'map', index: i },
                node,
              });
            }
          }
        }
      }
    };
    const preemption = inner.preemption;
    const wrapper: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: inner.name,
      ...(inner.tickInterval === undefined ? {} : { tickInterval: inner.tickInterval }),
      assign(offer, view) {
        reconcileCopies(view);
        syncNetwork(view);
        const engine = inner.assign(offer, view);
        const host = state.offer(twin, offer.node, offer.kind, view.now);
        report.offers++;
        if (host.evidence !== undefined) {
          const plain = JSON.stringify(host.evidence);
          if (isDeepStrictEqual(JSON.parse(plain), host.evidence)) report.withEvidence++;
          else
            report.mismatches.push({
              time: view.now,
              node: offer.node,
              kind: offer.kind,
              engine: '',
              host: plain,
              why: 'evidence is not plain data',
            });
        }
        const why = difference(engine, host, view, offer.node);
        if (why !== undefined) {
          report.mismatches.push({
            time: view.now,
            node: offer.node,
            kind: offer.kind,
            engine: describeDecision(engine),
            host: describeDecision(host),
            why,
          });
        } else {
          if (engine.type === 'launch' && host.type === 'launch') {
            report.launches++;
            if (engine.task.index === host.task.index) report.sameTask++;
          }
          // Where both chose the very same thing, they saw the same quantities.
          const same =
            engine.type === 'pass' || (host.type === 'launch' && engine.task.index === host.task.index);
          if (same && !nearlyEqual(plain(engine.evidence), plain(host.evidence))) {
            report.mismatches.push({
              time: view.now,
              node: offer.node,
              kind: offer.kind,
              engine: JSON.stringify(engine.evidence),
              host: JSON.stringify(host.evidence),
              why: 'evidence',
            });
          }
        }
        return engine;
      },
      onJobSubmitted(job, view) {
        inner.onJobSubmitted?.(job, view);
        state.apply({ type: 'submit', time: view.now, job: submission(job) });
      },
      onTaskStarted(event, view) {
        inner.onTaskStarted?.(event, view);
        reconcileCopies(view);
        const { job, kind, index } = event.task;
        const duplicate = kind === 'map' && state.view.job(job).map(index).state === 'running';
        state.apply({
          type: 'start',
          time: view.now,
          task: { job, kind, index },
          node: event.node,
          duplicate,
        });
      },
      onTaskCompleted(event, view) {
        inner.onTaskCompleted?.(event, view);
        reconcileCopies(view);
        const { job, kind, index } = event.task;
        const outputBytes = kind === 'map' ? (view.job(job).map(index).outputBytes ?? 0) : undefined;
        state.apply({
          type: 'finish',
          time: view.now,
          task: { job, kind, index },
          node: event.node,
          ...(outputBytes === undefined ? {} : { outputBytes }),
        });
      },
      onJobCompleted(job, view) {
        inner.onJobCompleted?.(job, view);
        if (state.view.activeJobs().some((j) => j.id === job.id)) {
          report.mismatches.push({
            time: view.now,
            node: -1,
            kind: '-',
            engine: `job ${job.id} done`,
            host: 'active',
            why: 'job completion',
          });
        }
      },
      onTick(view) {
        inner.onTick?.(view);
        syncNetwork(view);
        state.apply({ type: 'tick', time: view.now });
      },
      ...(inner.duplication === undefined ? {} : { duplication: inner.duplication }),
      ...(preemption === undefined
        ? {}
        : {
            preemption: {
              mode: preemption.mode,
              preempt(view): readonly PreemptionRequest[] {
                const requests = preemption.preempt(view);
                const twins = state.preemptions.map((r) => `${r.task.job}/${r.task.index} ${r.reason}`);
                const ours = requests.map((r) => `${r.task.job}/${r.task.index} ${r.reason}`);
                if (twins.join() !== ours.join()) {
                  report.mismatches.push({
                    time: view.now,
                    node: -1,
                    kind: 'preempt',
                    engine: ours.join(),
                    host: twins.join(),
                    why: 'preemption',
                  });
                }
                for (const r of requests) {
                  state.apply({ type: 'preempt', time: view.now, task: r.task, mode: preemption.mode });
                }
                return requests;
              },
            },
          }),
    };
    return wrapper;
  };
}
