/**
 * A network model against a reference on a slice of the FB-2010 trace at nas-sim scale:
 * runs each policy under the reference engine settings and under each candidate, same
 * preset and seed, and prints for every policy and candidate the relative difference on
 * every headline metric of NAS Fig. 3 and the largest one over every metric of the CSV
 * (with the metric it is on), beside each setting's CPU seconds.
 *
 *   node --conditions=@rackwise/source --import tsx bench/model-error.ts [--seed N] [--versus P] <hours> <policy,…> <reference JSON> <candidate JSON>…
 *
 * `--versus P` (a policy of the list) adds, for every other policy, the error of its headline
 * figures divided by P's under the same setting — the form of NAS Fig. 3, where each
 * scheduler is shown against a baseline. Every run's raw figures (every metric of the CSV,
 * per policy) are written beside the differences, so other comparisons can be made from the
 * file without running the reference again.
 *
 * `--reference-from <file>` takes the reference's figures from an earlier file of the same
 * slice and seed instead of running it again (the exact model costs minutes per seed where a
 * candidate costs seconds), and keeps that file's candidates before the new ones.
 *
 * `--reference-from kept` takes it from `bench/reference/exact-<hours>h-seed<N>.json`, the exact
 * model's figures kept in the repository for FB-2010's first 15 minutes (seeds 1–8, fair, nas,
 * delay, fifo), first 2 hours and first 4 hours (seeds 1–6, fair, nas;
 * `bench/keep-reference.ts` writes them),
 * so a candidate is judged at the cost of its own runs on any machine.
 *
 * `'{"resolveInterval":0}'` is the exact model; `'{"flowModel":"bundled","resolveInterval":0}'`
 * the bundled solver (exact too: its differences are floating-point ones, two completions a
 * few ulps apart falling into different solve batches). Writes
 * `results/model-error-<hours>h-seed<seed>.json`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NAS_FIGURE_3_METRICS, prepareExperiment, runPreparedExperiment } from '../src/index.js';

const args = process.argv.slice(2).filter((a) => a !== '--');
const seedAt = args.indexOf('--seed');
const seed = seedAt >= 0 ? Number(args.splice(seedAt, 2)[1]) : 1;
const versusAt = args.indexOf('--versus');
const versus = versusAt >= 0 ? args.splice(versusAt, 2)[1] : undefined;
const fromAt = args.indexOf('--reference-from');
const referenceFrom = fromAt >= 0 ? args.splice(fromAt, 2)[1] : undefined;
const [
  hoursText = '0.5',
  policiesText = 'fair,nas',
  referenceText = '{"resolveInterval":0}',
  ...candidateTexts
] = args;
const hours = Number(hoursText);
const policies = policiesText.split(',');
if (versus !== undefined && !policies.includes(versus)) {
  throw new Error(`--versus ${versus}: not among the policies compared (${policies.join(', ')})`);
}
const reference = JSON.parse(referenceText) as Record<string, unknown>;
const candidates = (candidateTexts.length > 0 ? candidateTexts : ['{}']).map(
  (text) => JSON.parse(text) as Record<string, unknown>,
);

async function runUnder(engine: Record<string, unknown>) {
  const prepared = prepareExperiment({
    preset: 'nas-sim',
    policies,
    seed,
    parallelism: 1,
    overrides: { hours, engine },
  });
  const cpu = process.cpuUsage();
  const result = await runPreparedExperiment(prepared, { parallelism: 1 });
  const used = process.cpuUsage(cpu);
  return { engine, result, cpuSeconds: (used.user + used.system) / 1e6 };
}

function relative(x: number, y: number): number {
  const scale = Math.max(Math.abs(x), Math.abs(y));
  return scale === 0 ? 0 : (y - x) / scale;
}

type Run = Awaited<ReturnType<typeof runUnder>>;
const figuresOf = (result: Run['result'], policy: string) =>
  result.policies.find((p) => p.policy === policy)!.metrics;

/**
 * For each headline metric, the policy's figure divided by the `--versus` policy's under the
 * candidate, over the same ratio under the reference, minus 1 (null where a figure is
 * missing or a ratio is not finite).
 */
function versusErrors(
  policy: string,
  baseline: string,
  candidate: Run['result'],
): Record<string, number | null> {
  const a = figuresOf(oracle.result, policy);
  const av = figuresOf(oracle.result, baseline);
  const b = figuresOf(candidate, policy);
  const bv = figuresOf(candidate, baseline);
  return Object.fromEntries(
    NAS_FIGURE_3_METRICS.map((name) => {
      const error = b[name]! / bv[name]! / (a[name]! / av[name]!) - 1;
      return [name, Number.isFinite(error) ? error : null];
    }),
  );
}

interface EarlierFile {
  readonly trace: string;
  readonly reference: Record<string, unknown>;
  readonly cpuSeconds: readonly { engine: Record<string, unknown>; seconds: number }[];
  readonly policies: readonly unknown[];
  readonly figures: readonly {
    engine: Record<string, unknown>;
    byPolicy: Record<string, Record<string, number>>;
  }[];
}

/** The reference run of an earlier file of this slice and seed, in the shape `runUnder` returns. */
function earlierReference(file: EarlierFile): Run {
  const trace = `FB-2010 first ${hours} h, nas-sim, seed ${seed}`;
  if (file.trace !== trace) throw new Error(`--reference-from: the file is of ${file.trace}, not ${trace}`);
  if (JSON.stringify(file.reference) !== JSON.stringify(reference)) {
    throw new Error(`--reference-from: its reference is ${JSON.stringify(file.reference)}`);
  }
  const byPolicy = file.figures[0]!.byPolicy;
  const missing = policies.filter((policy) => byPolicy[policy] === undefined);
  if (missing.length > 0) throw new Error(`--reference-from: no figures of ${missing.join(', ')}`);
  const result = {
    policies: policies.map((policy) => ({ policy, metrics: byPolicy[policy]! })),
    metricNames: Object.keys(byPolicy[policies[0]!]!),
  } as unknown as Run['result'];
  return { engine: reference, result, cpuSeconds: file.cpuSeconds[0]!.seconds };
}

const referencePath =
  referenceFrom === 'kept'
    ? fileURLToPath(new URL(`reference/exact-${hours}h-seed${seed}.json`, import.meta.url))
    : referenceFrom;
const earlier =
  referencePath === undefined ? undefined : (JSON.parse(readFileSync(referencePath, 'utf8')) as EarlierFile);
const oracle = earlier === undefined ? await runUnder(reference) : earlierReference(earlier);
const runs = [];
for (const engine of candidates) runs.push(await runUnder(engine));
const rows = runs.flatMap((run) =>
  policies.map((policy) => {
    const a = figuresOf(oracle.result, policy);
    const b = figuresOf(run.result, policy);
    let worst = 0;
    let worstMetric = '';
    let compared = 0;
    for (const name of oracle.result.metricNames) {
      const x = a[name];
      const y = b[name];
      if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
      compared++;
      const diff = Math.abs(relative(x, y));
      if (diff > worst) {
        worst = diff;
        worstMetric = name;
      }
    }
    const headline = Object.fromEntries(
      NAS_FIGURE_3_METRICS.map((name) => {
        const x = a[name];
        const y = b[name];
        return [name, x === undefined || y === undefined ? null : relative(x, y)];
      }),
    );
    return {
      engine: run.engine,
      policy,
      headline,
      ...(versus !== undefined && policy !== versus
        ? { versus: versusErrors(policy, versus, run.result) }
        : {}),
      metricsCompared: compared,
      maxRelativeDifference: worst,
      on: worstMetric,
    };
  }),
);
const figuresByPolicy = (run: Run) =>
  Object.fromEntries(policies.map((policy) => [policy, figuresOf(run.result, policy)]));
const report = {
  trace: `FB-2010 first ${hours} h, nas-sim, seed ${seed}`,
  reference,
  cpuSeconds: [
    { engine: reference, seconds: oracle.cpuSeconds },
    ...(earlier?.cpuSeconds.slice(1) ?? []),
    ...runs.map((r) => ({ engine: r.engine, seconds: r.cpuSeconds })),
  ],
  policies: [...(earlier?.policies ?? []), ...rows],
  figures: [
    { engine: reference, byPolicy: figuresByPolicy(oracle) },
    ...(earlier?.figures.slice(1) ?? []),
    ...runs.map((run) => ({ engine: run.engine, byPolicy: figuresByPolicy(run) })),
  ],
};
const text = `${JSON.stringify(report, null, 2)}\n`;
const folder = fileURLToPath(new URL('../results/', import.meta.url));
mkdirSync(folder, { recursive: true });
writeFileSync(`${folder}model-error-${hours}h-seed${seed}.json`, text);
process.stdout.write(text);
