import type { RecordedExecutor } from '../recorded-trace.js';

/**
 * Executor cores alive per host as executors are added and removed (dynamic allocation
 * adds and removes them while the application runs), and the most each host had at once.
 */
export class ExecutorCores {
  private readonly alive = new Map<string, { host: string; cores: number; entry: number }>();
  private readonly now = new Map<string, number>();
  readonly peakCores = new Map<string, number>();
  /** Every executor, in the order added, with the times it was added and removed. */
  readonly timeline: RecordedExecutor[] = [];
  removedCount = 0;

  /** Adds an executor at `time` (seconds); returns the cores now alive on its host. */
  added(id: string, host: string, cores: number, time: number): number {
    this.removed(id, time, false);
    this.alive.set(id, { host, cores, entry: this.timeline.length });
    this.timeline.push({ host, cores, addedTime: time, removedTime: Number.POSITIVE_INFINITY });
    const now = (this.now.get(host) ?? 0) + cores;
    this.now.set(host, now);
    this.peakCores.set(host, Math.max(now, this.peakCores.get(host) ?? 0));
    return now;
  }

  removed(id: string, time: number, count = true): void {
    const executor = this.alive.get(id);
    if (executor === undefined) return;
    this.alive.delete(id);
    this.now.set(executor.host, (this.now.get(executor.host) ?? 0) - executor.cores);
    const entry = this.timeline[executor.entry]!;
    this.timeline[executor.entry] = { ...entry, removedTime: Math.max(entry.addedTime, time) };
    if (count) this.removedCount++;
  }
}
