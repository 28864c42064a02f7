import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** Clock ticks per second of `/proc/<pid>/task/<tid>/stat` (Linux's USER_HZ, 100 on every common build). */
const USER_HZ = 100;

/**
 * CPU seconds this thread has used so far, or undefined where that cannot be told apart
 * from other threads'. On the main thread, the process's CPU time (`process.cpuUsage`,
 * which also counts the engine's garbage-collector threads): one simulation runs there
 * at a time. On a worker thread, its own user and system time from Linux's
 * `/proc/thread-self/stat` (10 ms ticks); elsewhere undefined, because the process clock
 * would count the simulations running beside it.
 */
export function threadCpuSeconds(): number | undefined {
  if (isMainThread) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }
  try {
    return statCpuSeconds(readFileSync('/proc/thread-self/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The user plus system CPU seconds in the text of a Linux `/proc/…/stat` file, or undefined
 * if it does not read as one. Fields after the command name in parentheses (which may hold
 * spaces and parentheses): state is field 3, utime 14 and stime 15, in clock ticks.
 */
export function statCpuSeconds(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / USER_HZ : undefined;
}

/** Starts a CPU stopwatch for this thread: the seconds since, or undefined where not measurable. */
export function startCpuClock(): () => number | undefined {
  const start = threadCpuSeconds();
  return () => {
    const end = threadCpuSeconds();
    return start === undefined || end === undefined ? undefined : end - start;
  };
}
