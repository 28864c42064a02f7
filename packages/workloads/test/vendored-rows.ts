/**
 * A shipped SWIM day read with nothing but `split`, to check the reader against. Test
 * code only (never built, never published).
 */
import { readFileSync } from 'node:fs';
import type { Workload } from '@rackwise/types';

/** The file's job lines, each as its tab-separated fields. */
export function vendoredRows(path: string): string[][] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((row) => row.split('\t'));
}

/** Input, shuffle and output bytes summed over the file's columns and over the workload's jobs. */
export function byteTotals(rows: readonly string[][], workload: Workload) {
  const column = (c: number) => rows.reduce((total, row) => total + BigInt(row[c] as string), 0n);
  const jobs = (pick: (j: Workload['jobs'][number]) => number) =>
    workload.jobs.reduce((total, j) => total + BigInt(pick(j)), 0n);
  return {
    file: [column(3), column(4), column(5)],
    read: [jobs((j) => j.inputBytes), jobs((j) => j.shuffleBytes), jobs((j) => j.outputBytes)],
  };
}
