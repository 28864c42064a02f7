import type { UserId } from '@rackwise/types';

/** States remembered: a kept order that refreshes less often than this looks at every user. */
const CAPACITY = 1 << 12;
const MASK = CAPACITY - 1;

/**
 * Which user each `stateVersion` step moved (`ClusterView.usersChangedSince`): every step
 * of the engine's state version moves exactly one user's `version`, so the log is one
 * slot per step, in a ring of the last {@link CAPACITY} steps.
 */
export class UserChangeLog {
  readonly #users = new Float64Array(CAPACITY);

  /** The step to `version` moved `user`. Steps are recorded one after another. */
  record(version: number, user: UserId): void {
    this.#users[version & MASK] = user;
  }

  /**
   * The users moved after state `since` up to `latest` (the last step recorded), oldest
   * first; undefined when that is out of reach.
   */
  since(since: number, latest: number): UserId[] | undefined {
    if (!Number.isInteger(since) || since < 0 || since > latest || latest - since > CAPACITY)
      return undefined;
    const users = new Array<UserId>(latest - since);
    for (let v = since + 1, i = 0; v <= latest; v++, i++) users[i] = this.#users[v & MASK] as UserId;
    return users;
  }
}
