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

/**
 * The user order cut down to what MTS walks (Algorithm 2 line 2): groups with a pending
 * map, and under CR-RTS's map pause (§III-E) only their jobs the pause does not hold.
 * In a container order most groups wait only for reduces or hold only paused maps, and
 * MTS passes on most requests, so the cut is kept per cluster state: while the order
 * hands back the same array for the same view and `stateVersion`, both cuts (pause in
 * force or not) are computed once. Pending maps, readiness and the predictor's answers
 * (which rest on completed maps, NAS §III-A) change only with `stateVersion`. Without a
 * `stateVersion`, or when the order computes a fresh array, every request cuts afresh.
 */
export class MapGroupCache {
  private order: readonly ServiceGroup[] | undefined;
  private view: ClusterView | undefined;
  private version: number | undefined;
  private readonly cuts: (MapGroups | undefined)[] = [undefined, undefined];

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
    const groups: MapGroup[] = [];
    let paused = false;
    for (const group of order) {
      const jobs: JobView[] = [];
      for (const job of group.jobs) {
        if (job.count('map', 'pending') === 0) continue;
        if (pause && this.pausable(job, view)) paused = true;
        else jobs.push(job);
      }
      if (jobs.length > 0) groups.push({ key: group.key, jobs });
    }
    return { groups, paused };
  }
}
