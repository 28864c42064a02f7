import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 may let the heap grow past what its last full collection kept, in percent:
 * 100 lets it reach about twice the live set.
 */
export const HEAP_GROWING_PERCENT = 100;

const CHOSEN = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Bounds this process's heap to about twice its live data (V8's `--heap-growing-percent`),
 * unless the command line or `NODE_OPTIONS` already chose a growth; returns whether it set
 * it. For the entry points that run simulations (the CLI, the benchmark), not for a library.
 *
 * A long replay's garbage is cheap to collect (V8 spends about 0.2 % of the time in it),
 * so V8's own heuristics let the heap grow to about four times what is live before a full
 * collection: the NAS 12 h slice peaks at 1.29 GiB resident with 0.26 GiB live. Holding
 * the growth to 2× takes it to 0.77 GiB, and the NAS day from 2.1 to 1.3 GiB, with the
 * same results and no measurable CPU over the day (engine README, Performance). V8 flags
 * are per process, so worker threads share it.
 */
export function boundHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): boolean {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  if (given.some((flag) => CHOSEN.test(flag))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
