/**
 * `pnpm validate:network --kernel [--quick]`: the network model against the Linux kernel's
 * TCP on an emulated fabric (`run.sh`).
 *
 * Full: every kernel scenario under Reno, CUBIC and DCTCP where the kernel has it, three
 * repetitions each; writes `results.json` here and the Linux section of
 * docs/network-validation.md (the ns-3 sections re-rendered from their committed figures).
 * `--quick`: two incasts (4 senders without a drop, 24 that collapse, judged on the repetitions
 * that met a timeout) under Reno, checked against `quick-reference.json` within the
 * tolerances it states; up to three tries when a run is refused. Where namespaces cannot be made
 * (not root, no iproute2), or on a busy machine, the quick form skips and says why.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { renderMarkdown } from '../network/markdown.js';
import type { Scenario } from '../network/scenarios.js';
import {
  type KernelFigures,
  type KernelResults,
  type RunFlowTimes,
  type Timed,
  collectKernel,
  rescoreLastByte,
} from './collect.js';
import { rebaseCuts } from './cut-origin.js';
import { cannotRun } from './harness.js';
import { renderKernelSection } from './markdown.js';
import { QUICK_COLLAPSE_SENDERS, kernelFb2010Scenarios, kernelSyntheticScenarios } from './scenarios.js';
import { writeThirdRoundPredictions } from './third-round.js';
import { FLOW_TIMES, readFlowTimes, writeCostFit, writeCostForms } from './write-cost-fits.js';

const HERE = new URL('./', import.meta.url).pathname;
const RESULTS = `${HERE}results.json`;
const REFERENCE = `${HERE}quick-reference.json`;
/** The quick check's counts, read by the test summary. */
const QUICK_CHECK = new URL('../kernel-quick-check.json', import.meta.url).pathname;
const DOCS = new URL('../../docs/', import.meta.url).pathname;

/** A committed figure and how far a run may stray from it. */
interface ReferenceFigure {
  readonly value: number;
  /** Relative for times and goodputs, absolute (points) for errors. */
  readonly tolerance: number;
  readonly kind: 'relative' | 'points';
}

/** Floor of every tolerance; above it, twice the spread the reference's repetitions showed. */
const TOLERANCE_FLOOR = 0.1;

function quickFigures(results: KernelResults): Record<string, ReferenceFigure> {
  const figures: Record<string, ReferenceFigure> = {};
  for (const s of results.scenarios) {
    const f = s.linux['linux-reno'];
    if (f === undefined || 'refused' in f) continue;
    const senders = s.facts.senders;
    const key = senders === undefined ? s.family : `${s.family}-${senders}`;
    const relative = (m: { median: number; min: number; max: number }): ReferenceFigure => ({
      value: m.median,
      tolerance: Math.max(TOLERANCE_FLOOR, (2 * (m.max - m.min)) / m.median),
      kind: 'relative',
    });
    figures[`${key}.linux.lastByte`] = relative(f.lastByte);
    // In a collapse the median flow's time jumps between the fast-retransmit flows' and the
    // timed-out ones' as the timeouts reach half the senders (0.03–0.22 s over one run's
    // repetitions): no tolerance would both hold and fail, so only the last byte, the goodput
    // and the models' errors are checked there.
    if (senders !== QUICK_COLLAPSE_SENDERS) figures[`${key}.linux.medianFct`] = relative(f.medianFct);
    if (f.goodput !== undefined) figures[`${key}.linux.goodput`] = relative(f.goodput);
    // The exact model's error and the congestion-cost term's: the term must keep charging
    // the collapse it was fitted to.
    for (const model of ['exact', 'congestion-cost']) {
      const against = (f as KernelFigures).models[model];
      if (against === undefined) continue;
      figures[`${key}.${model}.lastByteError`] = {
        value: against.lastByte.median,
        tolerance: Math.max(TOLERANCE_FLOOR, 2 * (against.lastByte.max - against.lastByte.min)),
        kind: 'points',
      };
    }
  }
  return figures;
}

/**
 * Per family and Linux setting, per scenario: what a congestion-cost term would be fitted
 * to — Linux's last byte and goodput (median and range over repetitions), RTOs per run,
 * the exact fluid model's last byte, and its error against Linux.
 */
export function figuresByFamily(results: KernelResults): Record<string, Record<string, unknown[]>> {
  const out: Record<string, Record<string, unknown[]>> = {};
  for (const s of results.scenarios) {
    for (const [setting, f] of Object.entries(s.linux)) {
      if ('refused' in f) continue;
      out[s.family] ??= {};
      const family = out[s.family]!;
      family[setting] ??= [];
      const exact = f.models.exact!;
      family[setting]!.push({
        scenario: s.name,
        half: s.half,
        facts: s.facts,
        flows: s.flows,
        bytes: s.bytes,
        linuxLastByte: f.lastByte,
        linuxMedianFct: f.medianFct,
        ...(f.goodput === undefined ? {} : { linuxGoodput: f.goodput }),
        rtosPerRun: f.rtos,
        retransmittedSegmentsPerRun: f.retransmissions,
        exactLastByteErrorVsLinux: exact.lastByte,
        exactLastByteErrorVsNs3: exact.lastByteVsNs3,
        ns3LastByte: s.ns3?.lastByte ?? null,
      });
    }
  }
  return out;
}

/**
 * Moves the all-to-all runs' per-flow times out of the results into their own file (one
 * line per run, compact), keeping those of runs the results kept from before.
 */
function splitFlowTimes(results: KernelResults): KernelResults {
  const kept = readFlowTimes();
  const runs: Record<string, RunFlowTimes> = {};
  const scenarios = results.scenarios.map((s) => ({
    ...s,
    linux: Object.fromEntries(
      Object.entries(s.linux).map(([setting, f]) => {
        const key = `${s.name} · ${setting}`;
        if ('refused' in f) return [setting, f];
        const { flowTimes, ...rest } = f;
        if (flowTimes !== undefined) runs[key] = flowTimes;
        else if (kept[key] !== undefined) runs[key] = kept[key];
        return [setting, rest];
      }),
    ),
  }));
  const lines = Object.entries(runs).map(
    ([key, reps]) => `  ${JSON.stringify(key)}: ${JSON.stringify(reps)}`,
  );
  writeFileSync(
    FLOW_TIMES,
    `{"about": "per repetition, [flow id, start, end] in trace seconds; Linux runs of the all-to-all family (validation/kernel)",\n "runs": {\n${lines.join(',\n')}\n }}\n`,
  );
  return { ...results, scenarios };
}

function writeDocs(all: KernelResults): void {
  const results = splitFlowTimes(all);
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 1)}\n`);
  writeFileSync(
    `${HERE}figures-by-family.json`,
    `${JSON.stringify({ date: results.date, kernel: results.kernel, commit: results.commit, times: 'trace seconds (Linux times divided by the scale)', errors: 'model ÷ Linux − 1 and model ÷ ns-3 − 1 of the last byte', families: figuresByFamily(results) }, null, 1)}\n`,
  );
  const ns3 = JSON.parse(readFileSync(`${DOCS}network-validation/results.json`, 'utf8'));
  const { markdown } = renderMarkdown(ns3, results);
  writeFileSync(`${DOCS}network-validation.md`, markdown);
}

/** What an interrupted run timed, and when, for `--resume`. */
function resumeFrom(file: string): { done: KernelResults['scenarios']; doneTimed: Timed } {
  const partial = JSON.parse(readFileSync(file, 'utf8')) as KernelResults;
  return {
    done: partial.scenarios,
    doneTimed: { date: partial.date, kernel: partial.kernel, commit: partial.commit },
  };
}

/**
 * `--only <pattern>`: only the scenarios whose name matches the regular expression run;
 * with `--resume` the others keep what was timed, refusals included.
 */
function onlyOption(argv: readonly string[]): { only?: (scenario: Scenario) => boolean } {
  const at = argv.indexOf('--only');
  if (at < 0) return {};
  const pattern = argv[at + 1];
  if (pattern === undefined)
    throw new Error('--only needs a pattern: a regular expression over scenario names');
  const re = new RegExp(pattern);
  return { only: (scenario) => re.test(scenario.name) };
}

/** Tries of the quick check before a refusal fails it (each about 3.5 min of wall time). */
const QUICK_TRIES = 3;
/**
 * Repetitions per quick scenario: the collapse stands on those that met a timeout, and with
 * seven, three such are likely even where the collapse comes half the time.
 */
const QUICK_REPETITIONS = 7;

/** Load per CPU above which the quick check skips: the fabric's timings would be the CPU's. */
const BUSY_LOAD_PER_CPU = 1.5;

/** Why the machine is too busy for the quick check to mean anything, or undefined. */
function tooBusy(): string | undefined {
  const load = loadavg()[0]!;
  const cpus = availableParallelism();
  return load / cpus > BUSY_LOAD_PER_CPU
    ? `the machine is busy (load ${load.toFixed(1)} on ${cpus} CPUs, above ${BUSY_LOAD_PER_CPU} per CPU): its CPU, not the fabric, would time the flows`
    : undefined;
}

/** Runs the kernel validation; returns the exit code. */
export async function kernelMain(argv: readonly string[]): Promise<number> {
  const quick = argv.includes('--quick');
  const started = performance.now();
  if (argv.includes('--fit-cost')) {
    // From the committed figures: replays only, no fabric.
    const kernel = [...kernelSyntheticScenarios(false), ...(await kernelFb2010Scenarios())];
    const results = rebaseCuts(
      rescoreLastByte(JSON.parse(readFileSync(RESULTS, 'utf8')) as KernelResults, kernel),
      kernel,
    );
    if (argv.includes('--predict-third-round')) {
      const { predictions } = writeThirdRoundPredictions(kernel);
      for (const p of predictions) process.stderr.write(`${p.scenario}: ${JSON.stringify(p.lastBytes)}\n`);
      return 0;
    }
    if (argv.includes('--forms')) writeCostForms(results, kernel);
    else writeCostFit(results, kernel);
    writeDocs(results);
    return 0;
  }
  const why = cannotRun() ?? (quick ? tooBusy() : undefined);
  if (why !== undefined) {
    process.stdout.write(`network validation --kernel: skipped, ${why}\n`);
    if (quick)
      writeFileSync(
        QUICK_CHECK,
        `${JSON.stringify({ numPassedTests: 0, numFailedTests: 0, skipped: why })}\n`,
      );
    return quick ? 0 : 1;
  }
  const log = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };
  if (argv.includes('--render')) {
    // The docs from the committed figures, without running anything (replays only, for the cuts).
    const kernel = [...kernelSyntheticScenarios(false), ...(await kernelFb2010Scenarios())];
    writeDocs(rebaseCuts(JSON.parse(readFileSync(RESULTS, 'utf8')) as KernelResults, kernel));
    return 0;
  }
  const scenarios = quick
    ? kernelSyntheticScenarios(true)
    : byFamily([...kernelSyntheticScenarios(false), ...(await kernelFb2010Scenarios())]);
  const collapseOnly = (s: Scenario): boolean => s.facts.senders === QUICK_COLLAPSE_SENDERS;
  let results = collectKernel(
    scenarios,
    {
      quick,
      repetitions: quick ? QUICK_REPETITIONS : 3,
      settings: quick ? ['linux-reno'] : ['linux-reno', 'linux-cubic', 'linux-dctcp'],
      ns3: !quick,
      settingsFor,
      ...onlyOption(argv),
      ...(argv.includes('--resume') && existsSync(`${RESULTS}.partial`)
        ? resumeFrom(`${RESULTS}.partial`)
        : {}),
      ...(quick
        ? { collapseOnly }
        : {
            checkpoint: (partial: KernelResults) =>
              writeFileSync(`${RESULTS}.partial`, JSON.stringify(partial)),
          }),
    },
    log,
  );
  // A busy machine can starve the fabric, and a repetition can meet a rare outcome: the quick
  // check tries up to QUICK_TRIES times in all and fails when every try was refused.
  const refused = (r: KernelResults): boolean =>
    r.scenarios.some((s) => Object.values(s.linux).some((f) => 'refused' in f));
  for (let tries = 1; quick && tries < QUICK_TRIES && refused(results); tries++) {
    log(`a run was refused: the quick check runs again (try ${tries + 1} of ${QUICK_TRIES})`);
    results = collectKernel(
      scenarios,
      { quick, repetitions: QUICK_REPETITIONS, settings: ['linux-reno'], ns3: false, collapseOnly },
      log,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  if (!quick) {
    writeDocs(results);
    log(`validation/kernel/results.json and docs/network-validation.md written in ${seconds.toFixed(0)} s`);
    return 0;
  }
  const figures = quickFigures(results);
  if (argv.includes('--update-reference')) {
    mkdirSync(HERE, { recursive: true });
    writeFileSync(
      REFERENCE,
      `${JSON.stringify({ date: results.date, kernel: results.kernel, commit: results.commit, toleranceFloor: TOLERANCE_FLOOR, figures }, null, 2)}\n`,
    );
    log(`quick reference written: ${REFERENCE}`);
    return 0;
  }
  const committed = existsSync(REFERENCE)
    ? (JSON.parse(readFileSync(REFERENCE, 'utf8')) as { figures: Record<string, ReferenceFigure> })
    : { figures: {} };
  const problems: string[] = [];
  for (const s of results.scenarios) {
    for (const [name, f] of Object.entries(s.linux)) {
      if ('refused' in f) problems.push(`${s.name}, ${name}: refused, ${f.refused}`);
    }
  }
  for (const p of problems) process.stdout.write(`FAIL ${p}\n`);
  const names = Object.keys(committed.figures);
  for (const name of names) {
    const expected = committed.figures[name]!;
    const got = figures[name]?.value;
    if (got === undefined) {
      problems.push(`${name}: missing`);
      process.stdout.write(`FAIL ${name}: missing\n`);
      continue;
    }
    const off =
      expected.kind === 'relative' ? Math.abs(got / expected.value - 1) : Math.abs(got - expected.value);
    const ok = off <= expected.tolerance;
    const line = `${name.padEnd(40)} ${got.toFixed(4).padStart(9)} (reference ${expected.value.toFixed(4)} ± ${expected.kind === 'relative' ? `${(expected.tolerance * 100).toFixed(0)} %` : `${(expected.tolerance * 100).toFixed(0)} points`})`;
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${line}\n`);
    if (!ok) problems.push(line);
  }
  const passed = names.length - problems.filter((p) => !p.includes('refused')).length;
  writeFileSync(
    QUICK_CHECK,
    `${JSON.stringify({ numPassedTests: Math.max(0, passed), numFailedTests: problems.length, seconds })}\n`,
  );
  process.stdout.write(
    `network validation --kernel --quick: ${Math.max(0, passed)} passed, ${problems.length} failed (${seconds.toFixed(0)} s)\n`,
  );
  return problems.length === 0 && names.length > 0 ? 0 : 1;
}

/**
 * Which settings each scenario runs under: traffic time is the budget (minutes on a shared
 * 2-core machine), so every scenario runs under Reno, and the all-to-alls (where congestion
 * costs most) and the incast of 16 under CUBIC and DCTCP too.
 */
function settingsFor(scenario: Scenario): readonly string[] {
  const every = ['linux-reno', 'linux-cubic', 'linux-dctcp'];
  if (scenario.family === 'all-to-all') return every;
  if (scenario.family === 'incast' && scenario.facts.senders === 16) return every;
  return ['linux-reno'];
}

/** The families in the order they run: a run cut short keeps the first ones (`--resume` goes on from there). */
function byFamily(scenarios: readonly Scenario[]): Scenario[] {
  const order: readonly Scenario['family'][] = ['all-to-all', 'incast', 'mixed', 'fb2010'];
  return [...scenarios].sort((a, b) => order.indexOf(a.family) - order.indexOf(b.family));
}
