/**
 * The engine benchmark (docs/architecture.md §8): the FB-2010 trace at nas-sim scale under Fair and
 * NAS in 1 h / 6 h / 24 h slices, the floor (FIFO, network off, the whole day), and a
 * coflow-benchmark-shaped hour replayed at CoflowSim's fabric — each in a fresh child
 * process, measuring whole-process wall time, CPU time and peak memory. Prints JSON and
 * writes it to `results/bench.json`.
 *
 *   pnpm bench                                (every case, from the root or packages/experiments)
 *   pnpm bench -- fair-1h nas-1h              (only some cases)
 *   pnpm bench -- --flow-model bundled        (the bundled solver instead of the per-flow one)
 *   pnpm bench -- --engine '{"resolveTolerance":0}' fair-1h   (engine parameters over the preset's)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

interface BenchCase {
  readonly name: string;
  readonly policy: string;
  readonly hours: number;
  readonly floor?: boolean;
  readonly coflow?: boolean;
}

const CASES: readonly BenchCase[] = [
  { name: 'floor-24h', policy: 'fifo', hours: 24, floor: true },
  { name: 'fair-1h', policy: 'fair', hours: 1 },
  { name: 'nas-1h', policy: 'nas', hours: 1 },
  { name: 'fair-6h', policy: 'fair', hours: 6 },
  { name: 'nas-6h', policy: 'nas', hours: 6 },
  { name: 'fair-24h', policy: 'fair', hours: 24 },
  { name: 'nas-24h', policy: 'nas', hours: 24 },
  { name: 'coflow-1h', policy: 'coflow-replay', hours: 1, coflow: true },
];

const args = process.argv.slice(2).filter((a) => a !== '--');
const engineAt = args.indexOf('--engine');
const engineOverride: Record<string, unknown> =
  engineAt >= 0 ? (JSON.parse(args.splice(engineAt, 2)[1] ?? '{}') as Record<string, unknown>) : {};
const modelAt = args.indexOf('--flow-model');
const flowModel = modelAt >= 0 ? args[modelAt + 1] : 'per-flow';
if (flowModel !== 'bundled' && flowModel !== 'per-flow') {
  process.stderr.write(`--flow-model must be bundled or per-flow, got ${String(flowModel)}\n`);
  process.exit(2);
}
const only = args.filter((_, i) => modelAt < 0 || (i !== modelAt && i !== modelAt + 1));
const unknown = only.filter((name) => !CASES.some((c) => c.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown case(s) ${unknown.join(', ')}; cases: ${CASES.map((c) => c.name).join(', ')}\n`,
  );
  process.exit(2);
}
const selected = only.length === 0 ? CASES : CASES.filter((c) => only.includes(c.name));
const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const round = (x: number, digits = 3) => Number(x.toFixed(digits));

const results = selected.map((benchCase) => {
  process.stderr.write(`${benchCase.name} … `);
  const started = performance.now();
  const caseArgs =
    benchCase.coflow === true
      ? [script('./coflow-case.ts'), flowModel]
      : [
          script('./bench-case.ts'),
          benchCase.policy,
          String(benchCase.hours),
          benchCase.floor === true ? 'floor' : 'network',
          JSON.stringify({ flowModel, ...engineOverride }),
        ];
  const child = spawnSync(
    process.execPath,
    ['--conditions=@rackwise/source', '--import', 'tsx', ...caseArgs],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
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
  const stats = measured.stats ?? {};
  process.stderr.write(
    `${wallSeconds.toFixed(1)} s wall, ${measured.cpuSeconds.toFixed(1)} s CPU, ${(measured.peakRssBytes / 2 ** 20).toFixed(0)} MiB\n`,
  );
  return {
    case: benchCase.name,
    policy: benchCase.policy,
    hours: benchCase.hours,
    network: benchCase.floor !== true,
    jobs: measured.jobs,
    jobsCompleted: measured.jobsCompleted,
    wallSeconds: round(wallSeconds),
    cpuSeconds: round(measured.cpuSeconds),
    engineSeconds: round(measured.engineSeconds),
    cpuMillisPerJob: round((1000 * measured.cpuSeconds) / measured.jobs),
    peakRssMiB: round(measured.peakRssBytes / 2 ** 20, 1),
    events: stats.events,
    flows: stats.flowsAdded,
    meanActiveFlows: stats.meanActiveFlows,
    meanActiveBundles: stats.meanActiveBundles,
    peakActiveBundles: stats.peakActiveBundles,
    solves: stats.solves,
    localSolves: stats.localSolves,
    meanFlowsAtLocalSolves: stats.meanFlowsAtLocalSolves,
    solverSeconds: round((stats.solverMillis ?? 0) / 1000),
    policySeconds: round((stats.policyMillis ?? 0) / 1000),
    simulatedSeconds: stats.simulatedTime,
    ...(stats.meanCoflowSeconds === undefined ? {} : { meanCoflowSeconds: stats.meanCoflowSeconds }),
  };
});

/** Cost per job of each policy's longest slice over its 1-hour slice (1 = linear). */
const linearity = Object.fromEntries(
  ['fair', 'nas'].flatMap((policy) => {
    const slices = results.flatMap((r) => (r.policy === policy && 'cpuMillisPerJob' in r ? [r] : []));
    const first = slices.find((r) => r.hours === 1);
    const last = slices.at(-1);
    if (first === undefined || last === undefined || last === first) return [];
    return [
      [
        policy,
        {
          from: '1h',
          to: `${last.hours}h`,
          perJobCostRatio: round(last.cpuMillisPerJob / first.cpuMillisPerJob),
        },
      ],
    ];
  }),
);

const report = {
  benchmark:
    'rackwise engine: FB-2010 at nas-sim scale (600 nodes, 30 racks, 6 containers), seed 1; coflow-benchmark-shaped hour at 150 racks',
  flowModel,
  engine: engineOverride,
  loadAverage: round(loadavg()[0]!, 2),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
  results,
  linearity,
};
const json = `${JSON.stringify(report, null, 2)}\n`;
const out = fileURLToPath(new URL('../results/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(`${out}bench.json`, json);
process.stdout.write(json);
if (results.some((r) => 'error' in r)) process.exitCode = 1;
