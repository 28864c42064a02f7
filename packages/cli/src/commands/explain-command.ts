import { createSimulation } from '@rackwise/engine';
import { buildWorkload, defaultPolicyRegistry } from '@rackwise/experiments';
import type { PreparedExperiment } from '@rackwise/experiments';
import { buildTopology } from '@rackwise/topology';
import type { JobSpec, NodeId } from '@rackwise/types';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, type ParsedCommandLine, parseCommandLine } from '../command-line.js';
import { type StoryEntry, recordJobStory } from '../internal/job-story.js';
import { storyInWords } from '../internal/story-text.js';
import { integerInRange, stringOption } from '../option-values.js';
import { UsageError } from '../usage-error.js';
import { EXPERIMENT_OPTIONS, experimentRequest } from './experiment-options.js';
import { prepareRequest } from './run-command.js';

const shared = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, EXPERIMENT_OPTIONS[name]!]));

/** `rackwise explain`: the story of one job under one policy, decision by decision. */
export const EXPLAIN_COMMAND: CommandSpec = {
  name: 'explain',
  summary:
    'Tell the story of one job under one policy: every offer where its tasks launched or were passed over, and why.',
  positionals: [],
  requiredPositionals: 0,
  options: {
    ...shared(['preset', 'trace', 'hours', 'users', 'engine', 'seed']),
    policy: {
      type: 'string',
      value: '<policy>',
      description:
        "the one policy to explain (see `rackwise policies`); default the preset's baseline, named in the output",
    },
    policies: { type: 'string', value: '<policy>', description: 'the same as --policy, as `run` spells it' },
    job: {
      type: 'string',
      value: '<J>',
      description: 'the job to explain (its index in the workload); required',
    },
    task: {
      type: 'string',
      value: '<map:3|reduce:0>',
      description: 'narrow the story to one task of the job',
    },
    json: { type: 'boolean', description: 'print the story as JSON (for programs)' },
  },
};

const TASK = /^(map|reduce):(\d+)$/;

/** What the command line asked `explain` for, checked: the prepared run, the policy, the job and task. */
interface ExplainRequest {
  readonly prepared: PreparedExperiment;
  /** The policy named with --policy or --policies; undefined for the preset's baseline. */
  readonly policies: readonly string[] | undefined;
  readonly jobText: string;
  readonly task: string | undefined;
}

/** One job's story under one policy, and what its header and JSON tell of the run. */
interface ExplainedJob {
  readonly preset: PreparedExperiment['preset'];
  readonly policy: string;
  /** Whether the policy is the preset's baseline, for want of --policy. */
  readonly baseline: boolean;
  readonly seed: number;
  readonly job: number;
  readonly spec: JobSpec;
  readonly task: string | undefined;
  readonly story: StoryEntry[];
  /** When the job completed; undefined if the run ended first. */
  readonly completed: number | undefined;
}

/** Checks the options (a `UsageError` names the one at fault) and prepares the run. */
function explainRequest(values: ParsedCommandLine['values'], cwd: string): ExplainRequest {
  // `--json` here prints the story; it is not the runner's report file.
  if (values.policy !== undefined && values.policies !== undefined)
    throw new UsageError('--policy and --policies name the same thing: give one');
  const request = experimentRequest(
    { ...values, policies: values.policy ?? values.policies, policy: undefined, json: undefined },
    cwd,
  );
  const policies = request.options.policies;
  if (policies !== undefined && policies.length !== 1)
    throw new UsageError('--policy: name exactly one policy to explain');
  const jobText = stringOption(values, 'job');
  if (jobText === undefined) throw new UsageError('--job: which job to explain (its index in the workload)');
  const task = stringOption(values, 'task');
  if (task !== undefined && !TASK.test(task))
    throw new UsageError(`--task: must be map:<i> or reduce:<i>, got ${JSON.stringify(task)}`);
  return { prepared: prepareRequest(request), policies, jobText, task };
}

/** Runs the simulation with full evidence, recording the job's story, until the job completes. */
function explainJob({ prepared, policies, jobText, task }: ExplainRequest): ExplainedJob {
  const preset = prepared.preset;
  // Without --policies, the preset's baseline: the policy its other policies are measured against.
  const policy = policies?.[0] ?? prepared.baseline;
  const seed = prepared.seeds[0]!;
  const topology = buildTopology(preset.topology);
  const workload = buildWorkload(preset.workload, preset.storage, seed);
  const job = integerInRange('job', jobText, 0, workload.jobs.length - 1);
  const spec = workload.jobs[job]!;
  const [, kind, index] = TASK.exec(task ?? '') ?? [];
  if (kind !== undefined && Number(index) >= (kind === 'map' ? spec.mapCount : spec.reduceCount)) {
    throw new UsageError(
      `--task: job ${job} has ${spec.mapCount} maps and ${spec.reduceCount} reduces, no ${task}`,
    );
  }
  const registry = defaultPolicyRegistry();
  const story: StoryEntry[] = [];
  const simulation = createSimulation({
    topology,
    workload,
    seed,
    recordEvidence: true,
    // Full evidence: the story looks for the job among every job and user passed over.
    policy: (context) =>
      recordJobStory(
        registry.create(policy, preset.policyConfig[policy], { ...context, evidenceDetail: 'full' }),
        job,
        task,
        story,
        (n) => topology.rackOf(n as NodeId),
      ),
    parameters: preset.engine,
    metrics: { recordSeries: false, congestionThreshold: preset.metrics.congestionThreshold },
  });
  // Run until the job completes: later offers cannot concern it.
  let until = spec.submitTime;
  while (!simulation.done && !story.some((e) => e.event === 'completed')) {
    until += 600;
    simulation.run(until);
  }
  const completed = story.find((e) => e.event === 'completed')?.time;
  return { preset, policy, baseline: policies === undefined, seed, job, spec, task, story, completed };
}

/** The story as JSON, for programs. */
function storyJson(explained: ExplainedJob): string {
  const { preset, policy, seed, job, spec, task, story, completed } = explained;
  return `${JSON.stringify(
    {
      preset: preset.name,
      policy,
      ...(explained.baseline ? { policyFrom: 'preset baseline' } : {}),
      seed,
      job: {
        id: job,
        user: spec.user,
        queue: spec.queue,
        maps: spec.mapCount,
        reduces: spec.reduceCount,
        inputBytes: spec.inputBytes,
        shuffleBytes: spec.shuffleBytes,
        submitTime: spec.submitTime,
        completionTime: completed ?? null,
      },
      ...(task === undefined ? {} : { task }),
      story,
    },
    null,
    2,
  )}\n`;
}

/** The sentence that opens the story in words: the job, its run and when it completed. */
function storyHeader(explained: ExplainedJob): string {
  const { preset, policy, seed, job, spec, task, completed } = explained;
  const chosen = explained.baseline ? ` (the preset's baseline; another with --policy)` : '';
  const size = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
  return `Job ${job} of ${preset.name} (seed ${seed}) under ${policy}${chosen}${task === undefined ? '' : `, task ${task}`}: user ${spec.user}, ${spec.mapCount} maps and ${spec.reduceCount} reduces, ${size(spec.inputBytes)} input, ${size(spec.shuffleBytes)} shuffle; submitted at ${spec.submitTime.toFixed(2)} s${completed === undefined ? ', not completed' : `, completed at ${completed.toFixed(2)} s (turnaround ${(completed - spec.submitTime).toFixed(2)} s)`}.`;
}

/** Runs `explain`: one simulation with evidence on, stopped once the job completes. */
export function explainCommand(argv: readonly string[], io: CliIo): number {
  const { values } = parseCommandLine(EXPLAIN_COMMAND, argv);
  const explained = explainJob(explainRequest(values, io.cwd));
  io.stdout(
    values.json === true ? storyJson(explained) : storyInWords(storyHeader(explained), explained.story),
  );
  return 0;
}
