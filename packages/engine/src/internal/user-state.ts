import type { TaskKind, UserId, UserView } from '@rackwise/types';
import type { JobState } from './job-state.js';

/** One user (tenant) with active jobs, and its `UserView`. */
export class UserState implements UserView {
  readonly jobs: JobState[] = [];
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
