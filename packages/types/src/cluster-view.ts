import type { JobView, MapTaskView, ReduceTaskView } from './job-view.js';
import type { NetworkView } from './network-view.js';
import type { ShufflePredictor } from './predictor.js';
import type { SlotKind, TaskKind, TopologyView } from './topology-view.js';
import type { Bytes, JobId, NodeId, Seconds, UserId } from './units.js';

/** Read-only state of one user (tenant) with active jobs. */
export interface UserView {
  /** The user's id. */
  readonly id: UserId;
  /** Active (submitted, unfinished) jobs of the user, in submission order. */
  readonly jobs: readonly JobView[];
  /** Tasks of the user that hold a slot, by kind. */
  running(kind: TaskKind): number;
  /**
   * Optional: a number the host changes whenever a task of this user's jobs starts or
   * ends, or a job of theirs arrives, completes or has its reduces become ready —
   * everything a fairness order reads about the user. Kept only where
   * `ClusterView.stateVersion` is: an order may then score again only the users whose
   * `version` moved since the state it last saw. A host that does not keep it leaves it out.
   */
  readonly version?: number;
}

/**
 * Everything a policy may read when it decides. Handed to every call; valid during that
 * call only (arrays are live views of the host's state).
 */
export interface ClusterView {
  /** Current time on the host's clock. */
  readonly now: Seconds;
  /**
   * Optional: a number the host changes whenever a task starts or ends, a job arrives or
   * completes, or a job's reduces become ready — everything a fairness order reads
   * besides `now`. Two calls on the same view with the same `stateVersion` see the same
   * state, so a `UserOrder` may answer the second from the first. A host that does not
   * keep it leaves it out, and orders are computed afresh on every call.
   */
  readonly stateVersion?: number;
  /**
   * Optional, kept only where `stateVersion` and `UserView.version` are: the users whose
   * `version` moved after the state `since` (a `stateVersion` this view reported), in the
   * order they moved, a user once per move — a user whose last job completed included;
   * `user(id)` answers for each. A move changes at most one job of the user (a task of it
   * started or ended, it arrived, completed or became ready to reduce), so an order may
   * stop looking at a user's jobs once as many of them changed as the user moved.
   * Undefined when the host no longer remembers that far back, or `since` is not a state
   * it reported; an order then looks at every active user. With it, an order kept between
   * states costs what changed, not one look per active user.
   */
  usersChangedSince?(since: number): readonly UserId[] | undefined;
  /** Racks, nodes, slots and link capacities of the cluster. */
  readonly topology: TopologyView;
  /** Cross-rack load from the host's latest monitor sample. */
  readonly network: NetworkView;
  /** The host's shuffle predictor (one per host, shared by all policies). */
  readonly predictor: ShufflePredictor;
  /** Fraction of a job's maps that must be complete before its reduces may launch (slowstart). */
  readonly mapCompletionThreshold: number;
  /** Free slots of a kind on a node. */
  freeSlots(node: NodeId, kind: SlotKind): number;
  /** Slots of a kind in the whole cluster. */
  totalSlots(kind: SlotKind): number;
  /** Tasks of a kind holding a slot in the whole cluster. */
  runningCount(kind: TaskKind): number;
  /** Maps running on a node (MTS predicts their output). */
  runningMapsOn(node: NodeId): readonly MapTaskView[];
  /** Reduces running on a node. */
  runningReducesOn(node: NodeId): readonly ReduceTaskView[];
  /** Completed map output on a node that some reduce has not fetched yet. */
  outstandingMapOutput(node: NodeId): Bytes;
  /** Active jobs in submission order. */
  activeJobs(): readonly JobView[];
  /** Users with active jobs, in ascending id order. */
  activeUsers(): readonly UserView[];
  /** The job with this id. */
  job(id: JobId): JobView;
  /** A user by id; answers for every user in `activeUsers()` and in `usersChangedSince`. */
  user(id: UserId): UserView;
}
