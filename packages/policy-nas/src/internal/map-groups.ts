import type { ClusterView, JobView, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';

/** A user of the order with maps MTS may launch: its jobs with a pending map, in the group's order. */
export interface MapGroup {
  readonly key: string;
  readonly jobs: readonly JobView[];
}

/** The groups MTS walks for one request, in the user order, and whether CR-RTS held any job's maps. */
export interface MapGroups {
  readonly groups: readonly MapGroup[];
  /** Some group's pending maps were left out because CR-RTS's pause holds them. */
  readonly paused: boolean;
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

/**
 * The user order cut down to what MTS walks (Algorithm 2 line 2): groups with a pending
 * map, and under CR-RTS's map pause (§III-E) only their jobs the pause does not hold.
 * In a container order most groups wait only for reduces or hold only paused maps, and
 * MTS passes on most requests, so the cut is kept per cluster state: while the order
 * hands back the same array for the same view and `stateVersion`, both cuts (pause in
 * force or not) are computed once. A group the order keeps between states (one with a
 * `ServiceGroup.version`) is cut once for as long as the order hands it out, so a new
 * state costs one look-up per group, not a look at every job. The cut is kept under the
 * group's key and overwritten in place when the order hands out a new group object or
 * version for it: a changed user costs no new entry. A new state's order mostly holds the
 * last one's group objects in the same places, so those take their cut by position,
 * without a look-up. Pending maps, readiness
 * and the predictor's answers about a job (which rest on the job's completed maps, NAS
 * §III-A) change only with the job's user's version. Without a `stateVersion`, or when
 * the order computes a fresh array, every request cuts afresh.
 */
export class MapGroupCache {
  private order: readonly ServiceGroup[] | undefined;
  private view: ClusterView | undefined;
  private version: number | undefined;
  private readonly cuts: (MapGroups | undefined)[] = [undefined, undefined];
  /** The last cut of each group key; a group handed out anew overwrites its key's entry in place. */
  private readonly kept = new Map<string, KeptCut>();
  /**
   * For each pause flag, the order last cut and its groups' cuts and versions by position
   * (then spare lists, swapped in at the next cut).
   */
  private readonly lastOrder: (readonly ServiceGroup[] | undefined)[] = [undefined, undefined];
  private readonly lastCuts: GroupCut[][] = [[], []];
  private readonly lastVersions: number[][] = [[], []];
  private readonly spareCuts: GroupCut[][] = [[], []];
  private readonly spareVersions: number[][] = [[], []];

  constructor(
    private readonly userOrder: UserOrder,
    /** Whether the pause, where it holds, holds this job's maps. */
    private readonly pausable: (job: JobView, view: ClusterView) => boolean,
  ) {}

  /** The groups for a request of the slot kind; `pause`: CR-RTS's map pause holds on the node. */
  groups(view: ClusterView, kind: SlotKind, pause: boolean): MapGroups {
    const order = this.userOrder.order(view, kind);
    const version = view.stateVersion;
    if (version === undefined) return this.cut(order, view, pause);
    if (view !== this.view) {
      this.kept.clear();
      this.lastOrder.fill(undefined);
    }
    if (order !== this.order || view !== this.view || version !== this.version) {
      this.order = order;
      this.view = view;
      this.version = version;
      this.cuts[0] = undefined;
      this.cuts[1] = undefined;
    }
    const k = pause ? 1 : 0;
    const cached = this.cuts[k];
    if (cached !== undefined) return cached;
    const cut = this.cut(order, view, pause);
    this.cuts[k] = cut;
    return cut;
  }

  private cut(order: readonly ServiceGroup[], view: ClusterView, pause: boolean): MapGroups {
    const k = pause ? 1 : 0;
    const then = view.stateVersion === undefined ? undefined : this.lastOrder[k];
    const thenCuts = this.lastCuts[k]!;
    const thenVersions = this.lastVersions[k]!;
    const cuts = this.spareCuts[k]!;
    const versions = this.spareVersions[k]!;
    cuts.length = 0;
    versions.length = 0;
    const groups: MapGroup[] = [];
    let paused = false;
    let j = 0;
    for (const group of order) {
      let cut: GroupCut | undefined;
      // The same kept group where the last order had it, or one place on (a group before
      // it moved or left): its cut stands while its version does.
      const version = group.version;
      if (then !== undefined && version !== undefined) {
        if (then[j] === group) {
          if (thenVersions[j] === version) cut = thenCuts[j];
          j++;
        } else if (then[j + 1] === group) {
          if (thenVersions[j + 1] === version) cut = thenCuts[j + 1];
          j += 2;
        }
      }
      cut ??= this.groupCut(group, view, pause);
      cuts.push(cut);
      versions.push(version ?? Number.NaN);
      if (cut.held) paused = true;
      if (cut.group !== undefined) groups.push(cut.group);
    }
    if (view.stateVersion === undefined) return { groups, paused };
    this.lastOrder[k] = order;
    this.lastCuts[k] = cuts;
    this.spareCuts[k] = thenCuts;
    this.lastVersions[k] = versions;
    this.spareVersions[k] = thenVersions;
    return { groups, paused };
  }

  /** One group's cut: from memory while the order hands out the same group and version. */
  private groupCut(group: ServiceGroup, view: ClusterView, pause: boolean): GroupCut {
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
      entry.cuts[k] = cut;
    }
    return cut;
  }

  private cutGroup(group: ServiceGroup, view: ClusterView, pause: boolean): GroupCut {
    const jobs: JobView[] = [];
    let held = false;
    for (const job of group.jobs) {
      if (job.count('map', 'pending') === 0) continue;
      if (pause && this.pausable(job, view)) held = true;
      else jobs.push(job);
    }
    if (jobs.length === 0 && !held) return NOTHING;
    return { group: jobs.length > 0 ? { key: group.key, jobs } : undefined, held };
  }
}
