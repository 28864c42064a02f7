import type { UserId } from '@rackwise/types';

/** Steps remembered: an order that refreshes less often than this looks at every user. */
const REACH = 4096;

/**
 * Which user, if any, each step of the host's `stateVersion` moved
 * (`ClusterView.usersChangedSince`). An event moves the state one step and the version of
 * at most one user (the one whose job it names); the last {@link REACH} steps are kept,
 * `NaN` where a step moved no user.
 */
export class UserMoves {
  /** `steps[i]` is the user moved by the step to version `first + i`. */
  #steps: number[] = [];
  #first = 1;

  /** The step just taken moved `user`, or no user. */
  step(user: UserId | undefined): void {
    this.#steps.push(user ?? Number.NaN);
    if (this.#steps.length >= 2 * REACH) {
      this.#steps = this.#steps.slice(REACH);
      this.#first += REACH;
    }
  }

  /** The last step moved `user` too: a job's first submission creates its user. */
  alsoMoved(user: UserId): void {
    this.#steps[this.#steps.length - 1] = user;
  }

  /** The users moved after state `since` up to `latest`, oldest first; undefined out of reach. */
  since(since: number, latest: number): UserId[] | undefined {
    if (!Number.isInteger(since) || since > latest || since + 1 < this.#first) return undefined;
    const users: UserId[] = [];
    for (let i = since + 1 - this.#first; i < this.#steps.length; i++) {
      const user = this.#steps[i]!;
      if (!Number.isNaN(user)) users.push(user as UserId);
    }
    return users;
  }
}
