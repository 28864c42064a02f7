import type { Seconds } from '@rackwise/types';

/**
 * Per-user skip counters of MTS (`D_i^m`, Algorithm 2) or CR-RTS (`D_i^r`, Algorithm 4),
 * keyed by the user order's group key.
 *
 * Count mode (the simulation, §IV-A): a user has reached its maximum when its counter
 * equals `max`; a skip below it adds one, so the counter never exceeds `max`.
 * Wait mode (the real cluster, §IV-A): a user has reached its maximum once `maxWait`
 * seconds have passed since its first skip after its last launch; the counter still
 * counts skips, for inspection.
 */
export class SkipCounters {
  private readonly counts = new Map<string, number>();
  private readonly since = new Map<string, Seconds>();

  constructor(
    private readonly max: number,
    private readonly maxWait: Seconds | undefined,
  ) {}

  /** Skips recorded for a user since its last launch. */
  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Wait mode: seconds since the user's first skip after its last launch (0 if not skipped); `undefined` in count mode. */
  waited(key: string, now: Seconds): Seconds | undefined {
    if (this.maxWait === undefined) return undefined;
    const first = this.since.get(key);
    return first === undefined ? 0 : now - first;
  }

  /** Whether the user may now launch without the locality / shuffle constraint. */
  reachedMax(key: string, now: Seconds): boolean {
    if (this.maxWait === undefined) return this.count(key) >= this.max;
    const first = this.since.get(key);
    return first !== undefined && now - first >= this.maxWait;
  }

  /** The user was skipped (`D_i++`). */
  skip(key: string, now: Seconds): void {
    const next = this.count(key) + 1;
    if (this.maxWait === undefined) {
      this.counts.set(key, Math.min(next, this.max));
      return;
    }
    this.counts.set(key, next);
    if (!this.since.has(key)) this.since.set(key, now);
  }

  /** The user launched a task (`D_i = 0`). */
  reset(key: string): void {
    this.counts.delete(key);
    this.since.delete(key);
  }
}
