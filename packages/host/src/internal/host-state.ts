import type {
  NodeId,
  PreemptionRequest,
  SchedulerPolicy,
  Seconds,
  ShufflePredictor,
  TopologyView,
  UserId,
} from '@rackwise/types';
import { HostView, UserRecord, type ViewSource, kindIndex } from './host-view.js';
import type { JobRecord } from './job-record.js';
import { NetworkSamples } from './network-samples.js';
import { UserMoves } from './user-moves.js';

/** The state behind a `ClusterState`; the event handlers change it. */
export interface HostState extends ViewSource {
  readonly view: HostView;
  readonly samples: NetworkSamples;
  readonly policies: SchedulerPolicy[];
  preemptions: readonly PreemptionRequest[];
  user(id: number): UserRecord;
  job(id: number): JobRecord | undefined;
}

/** What a new host state is made of, its options already checked. */
export interface HostStateSettings {
  readonly topology: TopologyView;
  readonly predictor: ShufflePredictor;
  readonly mapCompletionThreshold: number;
  readonly monitorInterval: Seconds;
  readonly historyLength: number;
  readonly startTime: Seconds;
}

/** An empty state: every slot free, no job, no sample. */
export function createHostState(settings: HostStateSettings): HostState {
  const { topology } = settings;
  const nodes = topology.nodeCount;
  const free = new Int32Array(3 * nodes);
  for (let n = 0; n < nodes; n++) {
    for (const kind of ['map', 'reduce', 'container'] as const) {
      free[kindIndex(kind) * nodes + n] = topology.slotsOf(n as NodeId, kind);
    }
  }
  const samples = new NetworkSamples(topology, settings.monitorInterval, Math.max(1, settings.historyLength));
  const source = {
    now: settings.startTime,
    stateVersion: 0,
    moves: new UserMoves(),
    topology,
    network: samples,
    predictor: settings.predictor,
    mapCompletionThreshold: settings.mapCompletionThreshold,
    free,
    mapsOn: Array.from({ length: nodes }, () => []),
    reducesOn: Array.from({ length: nodes }, () => []),
    running: { map: 0, reduce: 0 },
    active: [],
    activeUsers: [],
    jobs: new Map(),
    completedJobs: new Set(),
    users: new Map(),
    samples,
    policies: [],
    preemptions: [],
  } as Omit<HostState, 'view' | 'user' | 'job'> as HostState;
  return Object.assign(source, {
    view: new HostView(source),
    user(id: number): UserRecord {
      let user = source.users.get(id);
      if (user === undefined) {
        user = new UserRecord(id as UserId);
        source.users.set(id, user);
      }
      return user;
    },
    job: (id: number) => source.jobs.get(id),
  });
}
