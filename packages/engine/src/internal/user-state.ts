import type { JobView, TaskKind, UserId, UserView } from '@rackwise/types';

/** One user (tenant) with active jobs, and its `UserView`. */
export class UserState implements UserView {
  /** The user's active jobs (the engine's `JobState`s), in arrival order. */
  readonly jobs: JobView[] = [];
  runningMaps = 0;
  runningReduces = 0;
  /** Moves on every change a fairness order reads about the user (`UserView.version`). */
  version = 0;
  /** Position in the engine's sorted list of active users, −1 when inactive. */
  activePosition = -1;

  constructor(readonly id: UserId) {}

  running(kind: TaskKind): number {
    return kind === 'map' ? this.runningMaps : this.runningReduces;
  }
}
