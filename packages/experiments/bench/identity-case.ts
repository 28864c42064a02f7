/**
 * One identity case: runs a preset under one policy and prints a digest of everything the
 * run produced (metrics, job table, series, engine counters without timings, flow trace).
 *   node --conditions=@rackwise/source --import tsx bench/identity-case.ts '<json>'
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareExperiment, runPreparedExperiment } from '../src/index.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as {
  preset: string;
  policy: string;
  seed?: number;
  overrides?: Record<string, unknown>;
  flows?: boolean;
};
const dir = mkdtempSync(join(tmpdir(), 'identity-'));
const started = process.cpuUsage();
const prepared = prepareExperiment({
  preset: spec.preset,
  policies: [spec.policy],
  seed: spec.seed ?? 1,
  parallelism: 1,
  ...(spec.overrides === undefined ? {} : { overrides: spec.overrides }),
  ...(spec.flows === true ? { flowTrace: join(dir, 'flows.jsonl') } : {}),
});
const result = await runPreparedExperiment(prepared, { parallelism: 1 });
const cpu = process.cpuUsage(started);
const run = result.policies[0]!.runs[0]!;
const stats = Object.fromEntries(Object.entries(run.stats).filter(([k]) => !/Millis|Seconds/.test(k)));
const digest = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);
let flowDigest = '-';
for (const f of readdirSync(dir)) flowDigest = digest(readFileSync(join(dir, f), 'utf8'));
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({
    metrics: digest(run.metrics),
    jobs: digest(run.jobs),
    series: digest(run.series),
    stats: digest(stats),
    flows: flowDigest,
    events: run.stats.events,
    flowsAdded: run.stats.flowsAdded,
    solves: run.stats.solves,
    cpu: +((cpu.user + cpu.system) / 1e6).toFixed(2),
  })}\n`,
);
