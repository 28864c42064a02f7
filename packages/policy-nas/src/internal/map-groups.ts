import type { ClusterView, JobView, NodeId, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';

/** A user of the order with maps MTS may launch: its jobs with a pending map, in the group's order. */
export interface MapGroup {
  readonly key: string;
  readonly jobs: readonly JobView[];
  /**
   * Of `jobs`, those with a pending map on the node, once a walk found them
   * (`keepOnNode`), for as long as the cut is kept (a group kept between states);
   * undefined until then. Absent: look at every job.
   */
  readonly onNode?: (node: NodeId) => LocalMaps | undefined;
  /** Keeps what a look at every job found for the node: those with a pending map there, in order. */
  readonly keepOnNode?: (node: NodeId, jobs: readonly JobView[]) => void;
}

/** A group's jobs with a pending map on one node, and what MTS found of them. */
export interface LocalMaps {
  /** In the group's order. */
  readonly jobs: readonly JobView[];
  /**
   * The least of the jobs' least predicted map outputs (`ratio(job) × inputBytes` of each
   * job's smallest map), found by MTS when first asked; `Infinity` with no job.
   */
  least: number | undefined;
}

/**
 * A kept cut's group, with its jobs by node kept as walks find them: the first walk over
 * the group for a node looks at every job (as it must to find a map anyway) and keeps
 * those with a pending map there, so a group whose user moves before the node asks again
 * costs no more than a look at every job. What MTS finds of them rests on the
 * predictor's answers about a job, which rest on the job's own state (its completed maps,
 * a declared or learnt ratio) and move only with its user's version, as the cut does.
 * A class, not an object of closures: a cut is made on every move of a user a walk
 * reaches, and its methods then cost no allocation.
 */
class KeptMapGroup implements MapGroup {
  /** Created on the first node kept: most cuts are walked at a few nodes before their user moves. */
  private byNode: Map<NodeId, LocalMaps> | undefined;

  constructor(
    readonly key: string,
    readonly jobs: readonly JobView[],
  ) {}

  onNode(node: NodeId): LocalMaps | undefined {
    return this.byNode?.get(node);
  }

  keepOnNode(node: NodeId, jobs: readonly JobView[]): void {
    this.byNode ??= new Map();
    this.byNode.set(node, { jobs, least: undefined });
  }
}

/**
 * The groups MTS walks for one request, in the user order, cut as the walk reaches them:
 * the users behind a launch are not looked at on that state (a pass walks them all).
 */
export interface MapGroups {
  /** The `index`-th group with a map MTS may launch; undefined past the last. */
  at(index: number): MapGroup | undefined;
  /** Some group's pending maps were left out because CR-RTS's pause holds them (cuts every group). */
  readonly paused: boolean;
}

/** Groups already cut, as a `MapGroups`. */
export function cutMapGroups(groups: readonly MapGroup[], paused: boolean): MapGroups {
  return { at: (index) => groups[index], paused };
}

/** One group's cut, with the pause in force or not. */
interface GroupCut {
  /** The group's jobs MTS may launch a map of, or undefined when there is none. */
  readonly group: MapGroup | undefined;
  /** Some pending map of the group was left out by the pause. */
  readonly held: boolean;
}

const NOTHING: GroupCut = Object.freeze({ group: undefined, held: false });

/** What was cut from one order group, for the group object and the `ServiceGroup.version` it carried. */
interface KeptCut {
  group: ServiceGroup;
  version: number;
  readonly cuts: [GroupCut | undefined, GroupCut | undefined];
}

/** The order groups one state's walk reached, with their versions and cuts, by position. */
interface Walk {
  readonly groups: ServiceGroup[];
  readonly versions: number[];
  readonly cuts: GroupCut[];
}

const newWalk = (): Walk => ({ groups: [], versions: [], cuts: [] });

/**
 * The user order cut down to what MTS walks (Algorithm 2 line 2): groups with a pending
 * map, and under CR-RTS's map pause (§III-E) only their jobs the pause does not hold.
 * In a container order most groups wait only for reduces or hold only paused maps, and
 * MTS passes on most requests, so the cut is kept per cluster state: while the order
 * hands back the same array for the same view and `stateVersion`, each group is cut at
 * most once per pause flag, and only when a walk reaches it. A group the order keeps
 * between states (one with a `ServiceGroup.version`) is cut once for as long as the order
 * hands it out: a new state's walk mostly meets the last walk's group objects in the same
 * places and takes their cuts by position; the others are looked up under the group's key,
 * where a changed user's cut is overwritten in place. Pending maps, readiness and the
 * predictor's answers about a job (which rest on the job's completed maps, NAS §III-A)
 * change only with the job's user's version. Without a `stateVersion`, or when the order
 * computes a fresh array, every request cuts afresh.
 */
export class MapGroupCache {
  private order: readonly ServiceGroup[] | undefined;
  private view: ClusterView | undefined;
  private version: number | undefined;
  private readonly cuts: (LazyCut | undefined)[] = [undefined, undefined];
  /** The last cut of each group key; a group handed out anew overwrites its key's entry in place. */
  private readonly kept = new Map<string, KeptCut>();
  /** For each pause flag, what the last state's walk reached, and a spare to fill at the next state. */
  private readonly lastWalk: Walk[] = [newWalk(), newWalk()];
  private readonly spareWalk: Walk[] = [newWalk(), newWalk()];

  constructor(
    private readonly userOrder: UserOrder,
    /** Whether the pause, where it holds, holds this job's maps. */
    private readonly pausable: (job: JobView, view: ClusterView) => boolean,
  ) {}

  /** The groups for a request of the slot kind; `pause`: CR-RTS's map pause holds on the node. */
  groups(view: ClusterView, kind: SlotKind, pause: boolean): MapGroups {
    const order = this.userOrder.order(view, kind);
    const version = view.stateVersion;
    if (version === undefined) return new LazyCut(this, order, view, pause, undefined, undefined);
    if (view !== this.view) {
      this.kept.clear();
      for (const walk of this.lastWalk) clearWalk(walk);
    }
    if (order !== this.order || view !== this.view || version !== this.version) {
      this.order = order;
      this.view = view;
      this.version = version;
      this.cuts[0]?.retire();
      this.cuts[1]?.retire();
      this.cuts[0] = undefined;
      this.cuts[1] = undefined;
    }
    const k = pause ? 1 : 0;
    let cut = this.cuts[k];
    if (cut === undefined) {
      const then = this.lastWalk[k]!;
      const into = this.spareWalk[k]!;
      clearWalk(into);
      this.lastWalk[k] = into;
      this.spareWalk[k] = then;
      cut = new LazyCut(this, order, view, pause, then, into);
      this.cuts[k] = cut;
    }
    return cut;
  }

  /** One group's cut: from memory while the order hands out the same group and version. */
  groupCut(group: ServiceGroup, view: ClusterView, pause: boolean): GroupCut {
    const version = group.version;
    if (version === undefined || view.stateVersion === undefined) return this.cutGroup(group, view, pause);
    const k = pause ? 1 : 0;
    let entry = this.kept.get(group.key);
    if (entry === undefined) {
      entry = { group, version, cuts: [undefined, undefined] };
      this.kept.set(group.key, entry);
    } else if (entry.group !== group || entry.version !== version) {
      entry.group = group;
      entry.version = version;
      entry.cuts[0] = undefined;
      entry.cuts[1] = undefined;
    }
    let cut = entry.cuts[k];
    if (cut === undefined) {
      cut = this.cutGroup(group, view, pause);
      if (cut.group !== undefined)
        cut = { group: new KeptMapGroup(cut.group.key, cut.group.jobs), held: cut.held };
      entry.cuts[k] = cut;
    }
    return cut;
  }

  private cutGroup(group: ServiceGroup, view: ClusterView, pause: boolean): GroupCut {
    const all = group.jobs;
    // Undefined while every job so far is kept: a group cut to all its jobs keeps its list.
    let jobs: JobView[] | undefined;
    let held = false;
    for (let i = 0; i < all.length; i++) {
      const job = all[i]!;
      let keep = job.count('map', 'pending') > 0;
      if (keep && pause && this.pausable(job, view)) {
        held = true;
        keep = false;
      }
      if (keep) jobs?.push(job);
      else jobs ??= all.slice(0, i);
    }
    const cut = jobs ?? all;
    if (cut.length === 0 && !held) return NOTHING;
    return { group: cut.length > 0 ? { key: group.key, jobs: cut } : undefined, held };
  }
}

function clearWalk(walk: Walk): void {
  walk.groups.length = 0;
  walk.versions.length = 0;
  walk.cuts.length = 0;
}

/** One state's cut of the order for one pause flag, extended as far as the walks reach. */
class LazyCut implements MapGroups {
  private readonly found: MapGroup[] = [];
  /** The next order position to cut. */
  private next = 0;
  private held = false;
  /** The position in the last state's walk where the next group is looked for. */
  private lastAt = 0;

  constructor(
    private readonly cache: MapGroupCache,
    private readonly order: readonly ServiceGroup[],
    private readonly view: ClusterView,
    private readonly pause: boolean,
    /** What the last state's walk reached; undefined once another state's walk reads it. */
    private last: Walk | undefined,
    /** Where this walk records what it reaches, for the next state; undefined once retired. */
    private into: Walk | undefined,
  ) {}

  at(index: number): MapGroup | undefined {
    const found = this.found;
    while (found.length <= index && this.next < this.order.length) this.step();
    return found[index];
  }

  get paused(): boolean {
    while (this.next < this.order.length) this.step();
    return this.held;
  }

  /** A later state's walk took over the records: cut on without them. */
  retire(): void {
    this.last = undefined;
    this.into = undefined;
  }

  private step(): void {
    const group = this.order[this.next++]!;
    const version = group.version;
    let cut: GroupCut | undefined;
    // The same kept group where the last walk had it, or one place on (a group before it
    // moved or left): its cut stands while its version does.
    const last = this.last;
    if (last !== undefined && version !== undefined) {
      const j = this.lastAt;
      const reached = last.groups.length;
      if (j < reached && last.groups[j] === group) {
        if (last.versions[j] === version) cut = last.cuts[j];
        this.lastAt = j + 1;
      } else if (j + 1 < reached && last.groups[j + 1] === group) {
        if (last.versions[j + 1] === version) cut = last.cuts[j + 1];
        this.lastAt = j + 2;
      }
    }
    cut ??= this.cache.groupCut(group, this.view, this.pause);
    const into = this.into;
    if (into !== undefined) {
      into.groups.push(group);
      into.versions.push(version ?? Number.NaN);
      into.cuts.push(cut);
    }
    if (cut.held) this.held = true;
    if (cut.group !== undefined) this.found.push(cut.group);
  }
}
