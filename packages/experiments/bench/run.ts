/**
 * The engine benchmark (DESIGN §8): the FB-2010 day at nas-sim scale under FIFO, Fair
 * and NAS, a floor replay without network, and 1 h / 6 h slices under Fair (the 24 h
 * slice is the Fair day) — each in a fresh child process, measuring whole-process wall
 * time and peak memory. Prints JSON and writes it to `results/bench.json`.
 *
 *   pnpm bench            (from packages/experiments, or `pnpm bench` at the root)
 *   pnpm bench -- fair-1h fair-6h   (only some cases)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

interface BenchCase {
  readonly name: string;
  readonly policy: string;
  readonly hours: number;
  readonly floor?: boolean;
}

const CASES: readonly BenchCase[] = [
  { name: 'floor-24h', policy: 'fifo', hours: 24, floor: true },
  { name: 'fifo-24h', policy: 'fifo', hours: 24 },
  { name: 'fair-24h', policy: 'fair', hours: 24 },
  { name: 'nas-24h', policy: 'nas', hours: 24 },
  { name: 'fair-1h', policy: 'fair', hours: 1 },
  { name: 'fair-6h', policy: 'fair', hours: 6 },
];

const only = process.argv.slice(2).filter((a) => a !== '--');
const unknown = only.filter((name) => !CASES.some((c) => c.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown case(s) ${unknown.join(', ')}; cases: ${CASES.map((c) => c.name).join(', ')}\n`,
  );
  process.exit(2);
}
const selected = only.length === 0 ? CASES : CASES.filter((c) => only.includes(c.name));
const script = fileURLToPath(new URL('./bench-case.ts', import.meta.url));

const results = selected.map((benchCase) => {
  process.stderr.write(`${benchCase.name} … `);
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    [
      '--conditions=@rackwise/source',
      '--import',
      'tsx',
      script,
      benchCase.policy,
      String(benchCase.hours),
      ...(benchCase.floor === true ? ['floor'] : []),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const wallSeconds = (performance.now() - started) / 1000;
  if (child.status !== 0) {
    process.stderr.write(`failed (exit ${child.status})\n${child.stderr}`);
    return {
      case: benchCase.name,
      policy: benchCase.policy,
      hours: benchCase.hours,
      error: child.stderr.trim(),
    };
  }
  const measured = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}');
  process.stderr.write(`${wallSeconds.toFixed(1)} s, ${(measured.peakRssBytes / 2 ** 20).toFixed(0)} MiB\n`);
  const stats = measured.stats ?? {};
  return {
    case: benchCase.name,
    policy: benchCase.policy,
    hours: benchCase.hours,
    network: benchCase.floor !== true,
    jobs: measured.jobs,
    jobsCompleted: measured.jobsCompleted,
    wallSeconds: Number(wallSeconds.toFixed(3)),
    engineSeconds: Number(measured.engineSeconds.toFixed(3)),
    peakRssMiB: Number((measured.peakRssBytes / 2 ** 20).toFixed(1)),
    events: stats.events,
    solves: stats.solves,
    meanActiveFlows: stats.meanActiveFlows,
    peakActiveFlows: stats.peakActiveFlows,
    solverSeconds: Number(((stats.solverMillis ?? 0) / 1000).toFixed(3)),
    simulatedSeconds: stats.simulatedTime,
  };
});

const report = {
  benchmark: 'rackwise engine, FB-2010 at nas-sim scale (600 nodes, 30 racks, 6 containers), seed 1',
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
  results,
};
const json = `${JSON.stringify(report, null, 2)}\n`;
const out = fileURLToPath(new URL('../results/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(`${out}bench.json`, json);
process.stdout.write(json);
if (results.some((r) => 'error' in r)) process.exitCode = 1;
