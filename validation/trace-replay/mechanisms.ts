/**
 * How much of a Spark log replay's error each part of what the log records accounts for:
 * each log replayed (seed 1, under the scheduler it names, the defaults of `rackwise run
 * --trace`) with everything, without each part (`--leave-out <part>`), and without all of
 * them; per log and job, the relative error of each replay. In one process: a replay costs
 * a fraction of a second, starting the command several.
 *
 *   node --conditions=@rackwise/source --import tsx validation/trace-replay/mechanisms.ts \
 *     [--heartbeat <seconds>] <out.json> <Spark event log>…
 *
 * `--heartbeat` replays with another heartbeat interval than the preset's (a check of how
 * much of the error the wait for a heartbeat accounts for, not a setting of the tables).
 *
 * Writes <out.json> ({ log: { variant: { job: error } } }) and prints, as Markdown, each
 * log's median absolute error and bias per variant, then every job pooled and the median
 * of the logs' medians.
 */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  prepareExperiment,
  recordedSchedulerPolicies,
  recordedTracePreset,
  replayError,
  runPreparedExperiment,
} from '@rackwise/experiments';

const PARTS = ['executors', 'failed-attempts', 'deserialise', 'scheduler-delay', 'result', 'gc'] as const;
/** Everything the log records around each task's run time, left out together. */
const ALL = PARTS.filter((p) => p !== 'gc');
const VARIANTS: readonly [string, readonly string[]][] = [
  ['everything', []],
  ...PARTS.map((p): [string, string[]] => [`without ${p}`, [p]]),
  ['without all', ALL],
];

const args = process.argv.slice(2);
const heartbeat = args[0] === '--heartbeat' ? Number(args.splice(0, 2)[1]) : undefined;
const [out, ...traces] = args;
if (out === undefined || traces.length === 0) {
  console.error('usage: mechanisms.ts <out.json> <Spark event log>…');
  process.exit(2);
}

type Errors = Record<string, number>;
const results: Record<string, Record<string, Errors>> = {};
for (const trace of traces) {
  const name = basename(trace);
  results[name] = {};
  for (const [variant, without] of VARIANTS) {
    const built = recordedTracePreset({ trace, format: 'spark', without: without as never });
    const policy = recordedSchedulerPolicies(built.schedulers[0] ?? 'spark FIFO')[0]!;
    const prepared = prepareExperiment({
      preset: built.preset,
      policies: [policy],
      seed: 1,
      parallelism: 1,
      ...(heartbeat === undefined ? {} : { overrides: { engine: { heartbeatInterval: heartbeat } } }),
    });
    const result = await runPreparedExperiment(prepared, { parallelism: 1 });
    const error = replayError(built.replay, result.policies[0]!.runs[0]!, policy);
    results[name]![variant] = Object.fromEntries(error.rows.map((r) => [r.name, r.relativeError]));
  }
  console.error(`${name}: done`);
}
writeFileSync(out, `${JSON.stringify(results, null, 1)}\n`);

const median = (xs: readonly number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const n = v.length;
  return n === 0 ? Number.NaN : n % 2 === 1 ? v[(n - 1) / 2]! : (v[n / 2 - 1]! + v[n / 2]!) / 2;
};
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} %`;
const cell = (errors: readonly number[]) =>
  `${pct(median(errors.map(Math.abs)))} (${signed(errors.reduce((a, b) => a + b, 0) / errors.length)})`;
const names = VARIANTS.map(([v]) => v);
console.log(`| log | jobs | ${names.join(' | ')} |`);
console.log(`|---|---:|${names.map(() => '---:').join('|')}|`);
const pooled: Record<string, number[]> = Object.fromEntries(names.map((v) => [v, []]));
const medians: Record<string, number[]> = Object.fromEntries(names.map((v) => [v, []]));
for (const [log, variants] of Object.entries(results)) {
  const cells = names.map((v) => {
    const errors = Object.values(variants[v]!);
    pooled[v]!.push(...errors);
    medians[v]!.push(median(errors.map(Math.abs)));
    return cell(errors);
  });
  console.log(`| ${log} | ${Object.keys(variants.everything!).length} | ${cells.join(' | ')} |`);
}
console.log(
  `| every job pooled | ${pooled.everything!.length} | ${names.map((v) => cell(pooled[v]!)).join(' | ')} |`,
);
console.log(
  `| median of the logs' medians | ${traces.length} | ${names.map((v) => pct(median(medians[v]!))).join(' | ')} |`,
);
