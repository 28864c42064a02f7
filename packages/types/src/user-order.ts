import type { ClusterView } from './cluster-view.js';
import type { JobView } from './job-view.js';
import type { SlotKind } from './topology-view.js';

/**
 * One entry of a fairness order: a user, a queue or a single job, with its jobs in the
 * order it serves them.
 */
export interface ServiceGroup {
  /** Stable key of the group (`user:3`, `queue:prod`, `job:17`); policies key state on it. */
  readonly key: string;
  /** The group's active jobs, in the order the fairness policy serves them. */
  readonly jobs: readonly JobView[];
  /**
   * Optional: set by an order that keeps its groups between cluster states. While an
   * order hands out the same group object with the same `version`, nothing its jobs
   * report has changed (it moves on the events that move `UserView.version`, and a
   * group object never carries the same version twice for different states), so a
   * policy may keep what it derives from the group's jobs under the object past the
   * call. Without it, a policy derives afresh on every cluster state.
   */
  readonly version?: number;
}

/**
 * The order in which a fairness policy would serve users (or queues, or jobs) for a free
 * slot of a kind — the base that locality- and network-aware policies refine (Delay,
 * NAS and ShuffleWatcher walk this list). Fair, DRF, FIFO and Capacity each provide one.
 */
export interface UserOrder {
  /** Name of the order (`fair`, `drf`, `fifo`, `capacity`), for reports. */
  readonly name: string;
  /**
   * Groups most deserving first. A group with no waiting task that the slot kind could
   * run may be left out. The returned array and its groups are read-only and valid during
   * the call: an order may hand the same array to every call on the same view, kind and
   * `ClusterView.stateVersion`, and may bring one array up to date in place as the state
   * changes. Copy it to keep it past the call.
   */
  order(view: ClusterView, kind: SlotKind): readonly ServiceGroup[];
}
