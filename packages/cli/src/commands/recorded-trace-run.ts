import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type ExperimentResult,
  RECORDED_TRACE_BASE,
  type ReplayError,
  defaultPolicyRegistry,
  presetNames,
  recordedSchedulerPolicies,
  recordedTracePreset,
  replayError,
} from '@rackwise/experiments';
import { REPLAY_MECHANISMS, type RecordedReplay, type ReplayMechanism } from '@rackwise/workloads';
import type { CliIo } from '../cli-io.js';
import type { OptionSpec } from '../command-line.js';
import { nameList, seedList, seedValue, stringOption } from '../option-values.js';
import { checkOutputFiles } from '../output-files.js';
import { UsageError } from '../usage-error.js';
import { type ExperimentRequest, engineParameters } from './experiment-options.js';
import { RECORDED_TRACE_OPTIONS, rackRuleOf, traceFormatOf } from './recorded-trace-options.js';

/** Options `run` takes for a Spark event log or Rumen job history. */
export const RECORDED_RUN_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  ...RECORDED_TRACE_OPTIONS,
  durations: {
    type: 'string',
    value: '<recorded|modelled>',
    description:
      "a Spark/Rumen trace's task compute: as recorded (default) or from sizes (the duration model)",
  },
  markdown: {
    type: 'string',
    value: '<path>',
    description: 'a Spark/Rumen replay: write the recorded-vs-simulated report as Markdown',
  },
  'leave-out': {
    type: 'string',
    value: '<list>',
    description: `a Spark/Rumen replay without some of what the log records, to see what each accounts for: ${REPLAY_MECHANISMS.join(', ')}`,
  },
};

/** A replay of a recorded trace: the request to run and what the comparison needs. */
export interface RecordedTraceRun {
  readonly request: ExperimentRequest;
  readonly replay: RecordedReplay;
  readonly schedulers: readonly string[];
  readonly markdown: string | undefined;
}

type Values = Readonly<Record<string, string | boolean | undefined>>;

/**
 * `--trace` naming a Spark event log or Rumen job history (detected, or `--trace-format`):
 * the experiment that replays it on its hosts under `--policies` (default: the policies
 * standing for the scheduler the trace names), or undefined for other traces.
 */
export function recordedTraceRun(values: Values, cwd: string): RecordedTraceRun | undefined {
  const text = stringOption(values, 'trace');
  if (text === undefined) return undefined;
  const path = resolve(cwd, text);
  // A missing file is reported by the SWIM and coflow path, as before.
  if (!existsSync(path)) return undefined;
  const format = traceFormatOf(path, values, '--trace');
  if (format !== 'spark' && format !== 'rumen') {
    for (const option of ['durations', 'racks-from', 'racks-file', 'markdown', 'leave-out']) {
      if (values[option] !== undefined)
        throw new UsageError(`--${option} applies to Spark and Rumen traces only`);
    }
    return undefined;
  }
  for (const option of ['hours', 'users', 'size-scale', 'jobs']) {
    if (values[option] !== undefined)
      throw new UsageError(`--${option} does not apply to a recorded trace: it replays what ran`);
  }
  const durations = stringOption(values, 'durations') ?? 'recorded';
  if (durations !== 'recorded' && durations !== 'modelled') {
    throw new UsageError(`--durations: expected recorded or modelled, got ${JSON.stringify(durations)}`);
  }
  const leaveOut = stringOption(values, 'leave-out');
  const without = leaveOut === undefined ? [] : nameList('leave-out', leaveOut);
  for (const name of without) {
    if (!REPLAY_MECHANISMS.includes(name as ReplayMechanism))
      throw new UsageError(
        `--leave-out: unknown ${JSON.stringify(name)}; a replay can leave out ${REPLAY_MECHANISMS.join(', ')}`,
      );
  }
  const base = stringOption(values, 'preset') ?? RECORDED_TRACE_BASE;
  if (!presetNames().includes(base))
    throw new UsageError(
      `--preset: unknown preset ${JSON.stringify(base)}; known presets: ${presetNames().join(', ')}`,
    );
  let built: ReturnType<typeof recordedTracePreset>;
  try {
    built = recordedTracePreset({
      trace: path,
      format,
      durations,
      racks: rackRuleOf(values, cwd),
      base,
      without: without as ReplayMechanism[],
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const registry = defaultPolicyRegistry();
  const policiesText = stringOption(values, 'policies');
  const policies =
    policiesText === undefined
      ? recordedSchedulerPolicies(built.schedulers[0] ?? 'yarn')
      : nameList('policies', policiesText);
  for (const policy of policies) {
    if (!registry.has(policy))
      throw new UsageError(
        `--policies: unknown policy ${JSON.stringify(policy)}; known policies: ${registry.names().join(', ')}`,
      );
  }
  const baseline = stringOption(values, 'baseline');
  const seedText = stringOption(values, 'seed');
  const seedsText = stringOption(values, 'seeds');
  if (seedText !== undefined && seedsText !== undefined)
    throw new UsageError('--seed and --seeds: give one or the other');
  const markdown = stringOption(values, 'markdown');
  const engineText = stringOption(values, 'engine');
  return {
    request: {
      preset: built.preset.name,
      options: {
        preset: built.preset,
        policies,
        ...(engineText === undefined ? {} : { overrides: { engine: engineParameters(engineText) } }),
        ...(baseline === undefined ? {} : { baseline }),
        ...(seedText === undefined ? {} : { seed: seedValue('seed', seedText) }),
        ...(seedsText === undefined ? {} : { seeds: seedList('seeds', seedsText) }),
        parallelism: 1,
      },
      outputs: checkOutputFiles(values, cwd),
      quiet: values.quiet === true,
    },
    replay: built.replay,
    schedulers: built.schedulers,
    markdown: markdown === undefined ? undefined : resolve(cwd, markdown),
  };
}

/** Prints (and with `--markdown` writes) how each policy's replay compares with the recording. */
export function reportReplayError(run: RecordedTraceRun, result: ExperimentResult, io: CliIo): void {
  const errors = result.policies.map((p) => replayError(run.replay, p.runs[0]!, p.policy));
  const seed = result.seeds[0] ?? 1;
  io.stdout(`\n${replayErrorMarkdown(run, errors, seed)}`);
  if (run.markdown !== undefined) writeFileSync(run.markdown, replayErrorMarkdown(run, errors, seed, true));
}

const pct = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} %` : '—');
const abs = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : '—');
const sec = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

/**
 * The recorded-vs-simulated tables as Markdown: the summary per policy, then the jobs with
 * the largest errors under the first policy — or, with `everyJob`, every job in order.
 */
export function replayErrorMarkdown(
  run: RecordedTraceRun,
  errors: readonly ReplayError[],
  seed: number,
  everyJob = false,
): string {
  const lines = [
    `### ${run.replay.workload.name}: replay against the recording (seed ${seed})`,
    '',
    `Scheduler the trace names: ${run.schedulers.join(', ')}. Per engine job (a stage, or a map stage with its only consumer): simulated execution time against the recorded one, relative error (simulated − recorded) / recorded.`,
    '',
    '| policy | jobs | median abs. error | p90 abs. error | bias (mean signed) | span recorded | span simulated | fetch wait rec. / shuffle phase sim. (mean s) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...errors.map(
      (e) =>
        `| ${e.policy} | ${e.rows.length} | ${abs(e.medianAbsError)} | ${abs(e.p90AbsError)} | ${pct(e.bias)} | ${sec(e.recordedSpan)} s | ${sec(e.simulatedSpan)} s | ${sec(e.recordedFetchWait)} / ${sec(e.simulatedShufflePhase)} |`,
    ),
    '',
  ];
  const first = errors[0];
  if (first !== undefined) {
    const worst = everyJob
      ? first.rows
      : [...first.rows].sort((a, b) => Math.abs(b.relativeError) - Math.abs(a.relativeError)).slice(0, 8);
    lines.push(
      `${everyJob ? 'Every job' : 'Largest errors'} under ${first.policy} (launch delay: submission to first task launch; fetch wait: mean per consuming task — Spark's time blocked on fetches, Rumen's shuffle phase — beside the replay's shuffle phase, launch to end of shuffle):`,
      '',
      '| job | recorded s | simulated s | error | launch delay rec. / sim. s | fetch wait rec. / shuffle phase sim. s |',
      '|---|---:|---:|---:|---:|---:|',
      ...worst.map(
        (r) =>
          `| ${r.name} | ${sec(r.recordedSeconds)} | ${sec(r.simulatedSeconds)} | ${pct(r.relativeError)} | ${sec(r.recordedLaunchDelay)} / ${sec(r.simulatedLaunchDelay)} | ${sec(r.recordedFetchWait)} / ${sec(r.simulatedShufflePhase)} |`,
      ),
      '',
    );
  }
  lines.push('Assumptions:', '', ...run.replay.assumptions.map((a) => `- ${a}`), '');
  return `${lines.join('\n')}\n`;
}
