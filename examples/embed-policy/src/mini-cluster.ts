import type {
  ClusterView,
  JobId,
  JobView,
  MapTaskView,
  NetworkView,
  NodeId,
  RackId,
  ReduceTaskView,
  ShufflePredictor,
  TaskKind,
  TaskState,
  TopologyView,
  UserId,
  UserView,
} from '@rackwise/types';

/**
 * The host's own bookkeeping: a home-grown cluster that knows nothing of rackwise's
 * engine. Only `view` (below) speaks the rackwise vocabulary, so a policy package can
 * decide for it.
 */
export interface MiniJobSpec {
  readonly user: number;
  readonly submitTime: number;
  /** Replica nodes of each map's input block. */
  readonly blocks: readonly (readonly number[])[];
  readonly reduces: number;
}

interface MapTask {
  readonly job: JobId;
  readonly kind: 'map';
  readonly index: number;
  readonly inputBytes: number;
  readonly replicaNodes: readonly NodeId[];
  state: TaskState;
  runningOn: NodeId[];
  outputNode: NodeId | undefined;
  outputBytes: number | undefined;
  startTime: number | undefined;
  progress: number;
}

interface ReduceTask {
  readonly job: JobId;
  readonly kind: 'reduce';
  readonly index: number;
  state: TaskState;
  node: NodeId | undefined;
  startTime: number | undefined;
  readonly fetchedBytes: number;
  readonly availableBytes: number;
  readonly reduceProgress: number;
  readonly preemptions: number;
}

interface Job {
  readonly id: JobId;
  readonly user: UserId;
  readonly submitTime: number;
  readonly maps: MapTask[];
  readonly reduces: ReduceTask[];
  firstReduceTime: number | undefined;
  doneTime: number | undefined;
}

const BLOCK = 128 * 1024 * 1024;
const SLOWSTART = 0.05;

/** A cluster of `racks × nodesPerRack` nodes with `containers` generic containers each. */
export class MiniCluster {
  now = 0;
  readonly jobs: Job[] = [];
  private readonly nodeCount: number;

  constructor(
    readonly racks: number,
    readonly nodesPerRack: number,
    readonly containers: number,
  ) {
    this.nodeCount = racks * nodesPerRack;
  }

  submit(spec: MiniJobSpec): void {
    const id = this.jobs.length as JobId;
    this.jobs.push({
      id,
      user: spec.user as UserId,
      submitTime: spec.submitTime,
      maps: spec.blocks.map((replicas, index) => ({
        job: id,
        kind: 'map',
        index,
        inputBytes: BLOCK,
        replicaNodes: replicas as NodeId[],
        state: 'pending',
        runningOn: [],
        outputNode: undefined,
        outputBytes: undefined,
        startTime: undefined,
        progress: 0,
      })),
      reduces: Array.from({ length: spec.reduces }, (_, index) => ({
        job: id,
        kind: 'reduce',
        index,
        state: 'pending',
        node: undefined,
        startTime: undefined,
        fetchedBytes: 0,
        availableBytes: 0,
        reduceProgress: 0,
        preemptions: 0,
      })),
      firstReduceTime: undefined,
      doneTime: undefined,
    });
  }

  rackOf(node: number): number {
    return Math.floor(node / this.nodesPerRack);
  }

  /** Tasks holding a container on a node. */
  busy(node: number): number {
    let n = 0;
    for (const job of this.active()) {
      for (const m of job.maps) if (m.state === 'running' && m.runningOn[0] === node) n++;
      for (const r of job.reduces) if (r.state === 'running' && r.node === node) n++;
    }
    return n;
  }

  active(): Job[] {
    return this.jobs.filter((j) => j.submitTime <= this.now && j.doneTime === undefined);
  }

  start(job: JobId, kind: TaskKind, index: number, node: NodeId): void {
    const owner = this.jobs[job]!;
    if (this.busy(node) >= this.containers) throw new Error(`node ${node} has no free container`);
    if (kind === 'map') {
      const map = owner.maps[index]!;
      if (map.state !== 'pending') throw new Error(`map ${index} of job ${job} is ${map.state}`);
      Object.assign(map, { state: 'running', runningOn: [node], startTime: this.now });
    } else {
      const reduce = owner.reduces[index]!;
      if (reduce.state !== 'pending') throw new Error(`reduce ${index} of job ${job} is ${reduce.state}`);
      Object.assign(reduce, { state: 'running', node, startTime: this.now });
      owner.firstReduceTime ??= this.now;
    }
  }

  finish(job: Job, task: MapTask | ReduceTask): void {
    if (task.kind === 'map') {
      Object.assign(task, {
        state: 'completed',
        outputNode: task.runningOn[0],
        outputBytes: BLOCK / 2,
        progress: 1,
      });
      task.runningOn = [];
    } else {
      task.state = 'completed';
    }
    const done = [...job.maps, ...job.reduces].every((t) => t.state === 'completed');
    if (done) job.doneTime = this.now;
  }

  /** The read-only rackwise view of this cluster, handed to the policy on every offer. */
  readonly view: ClusterView = createView(this);
}

function jobView(job: Job, cluster: MiniCluster): JobView {
  const pending = () => job.maps.filter((m) => m.state === 'pending');
  const count = (kind: TaskKind, state: TaskState): number =>
    (kind === 'map' ? job.maps : job.reduces).filter((t) => t.state === state).length;
  const done = () => job.maps.filter((m) => m.state === 'completed');
  return {
    id: job.id,
    user: job.user,
    queue: 'default',
    submitTime: job.submitTime,
    inputBytes: job.maps.length * BLOCK,
    signature: undefined,
    declaredShuffleRatio: undefined,
    mapCount: job.maps.length,
    reduceCount: job.reduces.length,
    mapDemand: { vcores: 1, memoryMb: 2048 },
    reduceDemand: { vcores: 1, memoryMb: 2048 },
    count,
    completedMapInputBytes: done().length * BLOCK,
    completedMapOutputBytes: done().length * (BLOCK / 2),
    mapOutputOnRack: (rack) =>
      done().filter((m) => cluster.rackOf(m.outputNode!) === rack).length * (BLOCK / 2),
    inputOnRack: (rack) =>
      job.maps.filter((m) => m.replicaNodes.some((n) => cluster.rackOf(n) === rack)).length * BLOCK,
    reducesOnRack: (rack) =>
      job.reduces.filter((r) => r.node !== undefined && cluster.rackOf(r.node) === rack).length,
    reducesReady: count('map', 'completed') >= SLOWSTART * job.maps.length,
    firstReduceTime: job.firstReduceTime,
    pendingMapsOnNode: (node) => pending().filter((m) => m.replicaNodes.includes(node)),
    pendingMapsOnRack: (rack) =>
      pending().filter((m) => m.replicaNodes.some((n) => cluster.rackOf(n) === rack)),
    pendingMaps: pending,
    runningMaps: () => job.maps.filter((m) => m.state === 'running'),
    waitingReduces: () => job.reduces.filter((r) => r.state === 'pending'),
    runningReduces: () => job.reduces.filter((r) => r.state === 'running'),
    map: (index): MapTaskView => job.maps[index]!,
    reduce: (index): ReduceTaskView => job.reduces[index]!,
  };
}

function createView(cluster: MiniCluster): ClusterView {
  const nodes = cluster.racks * cluster.nodesPerRack;
  const topology: TopologyView = {
    rackCount: cluster.racks,
    nodeCount: nodes,
    slotModel: 'container',
    rackOf: (node) => cluster.rackOf(node) as RackId,
    nodesOf: (rack) =>
      Array.from({ length: cluster.nodesPerRack }, (_, i) => (rack * cluster.nodesPerRack + i) as NodeId),
    slotsOf: (_node, kind) => (kind === 'container' ? cluster.containers : 0),
    resourcesOf: () => ({ vcores: cluster.containers, memoryMb: cluster.containers * 2048 }),
    nicCapacity: () => 1e9,
    rackUplinkCapacity: () => 1e9,
    rackDownlinkCapacity: () => 1e9,
  };
  // This host does not monitor its network: the view reports an idle fabric.
  const network: NetworkView = {
    monitorInterval: 1,
    sampleTime: 0,
    rackUtilisation: () => 0,
    recentRackUtilisation: () => 0,
    nodeCrossRackRate: () => 0,
    nodeCrossRackShare: () => 1e9 / cluster.nodesPerRack,
  };
  const predictor: ShufflePredictor = {
    ratio: () => 0.5,
    isPredicted: () => true,
    mapOutput: (_job, map) => map.inputBytes / 2,
    shuffleBytes: (job) => job.inputBytes / 2,
  };
  const jobs = () => cluster.active().map((j) => jobView(j, cluster));
  const userView = (id: UserId): UserView => {
    const own = () => jobs().filter((j) => j.user === id);
    return { id, jobs: own(), running: (kind) => own().reduce((n, j) => n + j.count(kind, 'running'), 0) };
  };
  return {
    get now() {
      return cluster.now;
    },
    topology,
    network,
    predictor,
    mapCompletionThreshold: SLOWSTART,
    freeSlots: (node, kind) => (kind === 'container' ? cluster.containers - cluster.busy(node) : 0),
    totalSlots: (kind) => (kind === 'container' ? cluster.containers * nodes : 0),
    runningCount: (kind) => jobs().reduce((n, j) => n + j.count(kind, 'running'), 0),
    runningMapsOn: (node) => jobs().flatMap((j) => j.runningMaps().filter((m) => m.runningOn.includes(node))),
    runningReducesOn: (node) => jobs().flatMap((j) => j.runningReduces().filter((r) => r.node === node)),
    outstandingMapOutput: () => 0,
    activeJobs: jobs,
    activeUsers: () => [...new Set(jobs().map((j) => j.user))].sort((a, b) => a - b).map(userView),
    job: (id) => jobView(cluster.jobs[id]!, cluster),
    user: userView,
  };
}
