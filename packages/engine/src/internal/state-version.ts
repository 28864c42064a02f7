import { UserChangeLog } from './user-change-log.js';
import type { UserState } from './user-state.js';

/**
 * The cluster's state version (`ClusterView.stateVersion`) and the user each step moved
 * (`ClusterView.usersChangedSince`). It steps with every task start and end, job arrival
 * and completion, and reduces becoming ready; the parts that make those changes report
 * them here with `touch`.
 */
export class StateVersion {
  #version = 0;
  /** The user each step moved. */
  readonly userChanges = new UserChangeLog();

  /** The current version: how many changes were reported. */
  get version(): number {
    return this.#version;
  }

  /**
   * A change a fairness order reads about the user (a task of theirs started or ended, a
   * job arrived, completed or became ready to reduce): one step of the version and of the
   * user's `version`, logged for `ClusterView.usersChangedSince`.
   */
  touch(user: UserState): void {
    this.userChanges.record(++this.#version, user.id);
    user.version++;
  }
}
