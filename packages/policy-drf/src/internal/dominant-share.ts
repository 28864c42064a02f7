import type {
  ClusterView,
  JobView,
  NodeId,
  ResourceVector,
  SlotKind,
  TaskKind,
  TopologyView,
} from '@rackwise/types';

/** Whether a demand component is given (a positive finite number). */
const given = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** A job's demand for one task of a kind, absent components filled from the default. */
export function demandOf(job: JobView, kind: TaskKind, fallback: ResourceVector): ResourceVector {
  const d = kind === 'map' ? job.mapDemand : job.reduceDemand;
  return {
    vcores: given(d?.vcores) ? d.vcores : fallback.vcores,
    memoryMb: given(d?.memoryMb) ? d.memoryMb : fallback.memoryMb,
  };
}

const capacities = new WeakMap<TopologyView, ResourceVector>();

/** Total vcores and memory of the cluster (cached per topology view). */
export function clusterResources(topology: TopologyView): ResourceVector {
  let total = capacities.get(topology);
  if (total === undefined) {
    let vcores = 0;
    let memoryMb = 0;
    for (let n = 0; n < topology.nodeCount; n++) {
      const r = topology.resourcesOf(n as NodeId);
      vcores += r.vcores;
      memoryMb += r.memoryMb;
    }
    total = { vcores, memoryMb };
    capacities.set(topology, total);
  }
  return total;
}

/**
 * Dominant share of a set of jobs (Ghodsi et al., NSDI 2011, §4): the largest of its
 * shares of the cluster's vcores, memory and — with `countSlots` — each slot kind
 * (map and reduce slots apart under the split model, containers otherwise).
 */
export function dominantShare(
  jobs: readonly JobView[],
  view: ClusterView,
  fallback: ResourceVector,
  countSlots: boolean,
): number {
  let vcores = 0;
  let memoryMb = 0;
  let maps = 0;
  let reduces = 0;
  for (const job of jobs) {
    const m = job.count('map', 'running');
    const r = job.count('reduce', 'running');
    // Demands are finite, so a job with nothing running adds exactly zero.
    if (m === 0 && r === 0) continue;
    const md = job.mapDemand;
    const rd = job.reduceDemand;
    const mapVcores = given(md?.vcores) ? md.vcores : fallback.vcores;
    const mapMemory = given(md?.memoryMb) ? md.memoryMb : fallback.memoryMb;
    const reduceVcores = given(rd?.vcores) ? rd.vcores : fallback.vcores;
    const reduceMemory = given(rd?.memoryMb) ? rd.memoryMb : fallback.memoryMb;
    vcores += m * mapVcores + r * reduceVcores;
    memoryMb += m * mapMemory + r * reduceMemory;
    maps += m;
    reduces += r;
  }
  const total = clusterResources(view.topology);
  let share = Math.max(vcores / total.vcores, memoryMb / total.memoryMb);
  if (countSlots) {
    if (view.topology.slotModel === 'split') {
      share = Math.max(share, maps / view.totalSlots('map'), reduces / view.totalSlots('reduce'));
    } else {
      share = Math.max(share, (maps + reduces) / view.totalSlots('container'));
    }
  }
  return share;
}

/** Whether a task of the job fits what the node's running tasks leave of its resources. */
export function fitsNode(
  job: JobView,
  kind: TaskKind,
  node: NodeId,
  view: ClusterView,
  fallback: ResourceVector,
): boolean {
  const maps = view.runningMapsOn(node);
  const reduces = view.runningReducesOn(node);
  if (maps.length + reduces.length === 0) return true;
  let vcores = 0;
  let memoryMb = 0;
  for (const task of [...maps, ...reduces]) {
    const d = demandOf(view.job(task.job), task.kind, fallback);
    vcores += d.vcores;
    memoryMb += d.memoryMb;
  }
  const own = view.topology.resourcesOf(node);
  const want = demandOf(job, kind, fallback);
  return vcores + want.vcores <= own.vcores + 1e-9 && memoryMb + want.memoryMb <= own.memoryMb + 1e-9;
}
