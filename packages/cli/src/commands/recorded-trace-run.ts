import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type ExperimentResult,
  RECORDED_TRACE_BASE,
  type RecordedTraceSetup,
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

type RecordedPreset = ReturnType<typeof recordedTracePreset>;

/** A Spark event log or Rumen job history to replay, and how: its durations and what it leaves out. */
type ReplaySetup = Required<Pick<RecordedTraceSetup, 'trace' | 'format' | 'durations' | 'without'>>;

/**
 * The file `--trace` names when it is a Spark event log or Rumen job history, or undefined
 * for other traces (which the Spark and Rumen options do not apply to).
 */
function recordedTraceFile(values: Values, cwd: string): Pick<ReplaySetup, 'trace' | 'format'> | undefined {
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
  return { trace: path, format };
}

/**
 * How the replay runs what the trace recorded: its task durations and what it leaves out;
 * the workload options that do not apply to a recorded trace are refused.
 */
function replayMechanisms(values: Values): Pick<ReplaySetup, 'durations' | 'without'> {
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
  return { durations, without: without as ReplayMechanism[] };
}

/** The preset that replays the trace on its hosts, with `--preset`'s settings; a bad trace is a usage error. */
function replayPreset(values: Values, cwd: string, setup: ReplaySetup): RecordedPreset {
  const base = stringOption(values, 'preset') ?? RECORDED_TRACE_BASE;
  if (!presetNames().includes(base))
    throw new UsageError(
      `--preset: unknown preset ${JSON.stringify(base)}; known presets: ${presetNames().join(', ')}`,
    );
  try {
    return recordedTracePreset({
      trace: setup.trace,
      format: setup.format,
      durations: setup.durations,
      racks: rackRuleOf(values, cwd),
      base,
      without: setup.without,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** `--policies`, or by default the policies standing for the scheduler the trace names. */
function replayPolicies(values: Values, schedulers: readonly string[]): string[] {
  const registry = defaultPolicyRegistry();
  const policiesText = stringOption(values, 'policies');
  const policies =
    policiesText === undefined
      ? recordedSchedulerPolicies(schedulers[0] ?? 'yarn')
      : nameList('policies', policiesText);
  for (const policy of policies) {
    if (!registry.has(policy))
      throw new UsageError(
        `--policies: unknown policy ${JSON.stringify(policy)}; known policies: ${registry.names().join(', ')}`,
      );
  }
  return policies;
}

/** The replay as a run of `policies`: seeds, baseline, engine overrides, output files, Markdown report. */
function replayRun(values: Values, cwd: string, built: RecordedPreset, policies: string[]): RecordedTraceRun {
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

/**
 * `--trace` naming a Spark event log or Rumen job history (detected, or `--trace-format`):
 * the experiment that replays it on its hosts under `--policies` (default: the policies
 * standing for the scheduler the trace names), or undefined for other traces.
 */
export function recordedTraceRun(values: Values, cwd: string): RecordedTraceRun | undefined {
  const file = recordedTraceFile(values, cwd);
  if (file === undefined) return undefined;
  const built = replayPreset(values, cwd, { ...file, ...replayMechanisms(values) });
  return replayRun(values, cwd, built, replayPolicies(values, built.schedulers));
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
