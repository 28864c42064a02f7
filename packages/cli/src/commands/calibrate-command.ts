import { calibrateArrivalRate, defaultPolicyRegistry, presetNames } from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { integerInRange, positiveNumber, seedValue, stringOption } from '../option-values.js';
import { checkOutputFiles, writeOutputs } from '../output-files.js';
import { UsageError } from '../usage-error.js';

/** `rackwise calibrate`: the arrival rate at which a base policy keeps the slots busy. */
export const CALIBRATE_COMMAND: CommandSpec = {
  name: 'calibrate',
  summary:
    'Find the arrival rate at which a base policy reaches a target slot utilisation (ShuffleWatcher §4.3).',
  positionals: [],
  requiredPositionals: 0,
  options: {
    preset: { type: 'string', short: 'p', value: '<name>', description: 'a Poisson preset; default sw-ec2' },
    policy: { type: 'string', value: '<name>', description: 'the base policy; default delay' },
    target: {
      type: 'string',
      value: '<F>',
      description: 'slot utilisation to reach, in (0, 1]; default 0.9',
    },
    hours: { type: 'string', value: '<H>', description: 'steady-state hours of each probe; default 1' },
    iterations: { type: 'string', value: '<N>', description: 'bisection probes; default 6' },
    bounds: {
      type: 'string',
      value: '<low,high>',
      description: 'mean inter-arrival times searched, seconds; default 1,400',
    },
    seed: { type: 'string', value: '<N>', description: 'seed of every probe; default 1' },
    json: { type: 'string', value: '<file>', description: 'write the probes and the result as JSON' },
    help: { type: 'boolean', short: 'h', description: 'show this help' },
  },
};

/** Runs `rackwise calibrate`: one probe at a time, each printed as it ends. */
export function calibrateCommand(argv: readonly string[], io: CliIo): number {
  const { values } = parseCommandLine(CALIBRATE_COMMAND, argv);
  const preset = stringOption(values, 'preset') ?? 'sw-ec2';
  if (!presetNames().includes(preset)) {
    throw new UsageError(
      `--preset: unknown preset ${JSON.stringify(preset)}; known presets: ${presetNames().join(', ')}`,
    );
  }
  const policy = stringOption(values, 'policy') ?? 'delay';
  const registry = defaultPolicyRegistry();
  if (!registry.has(policy)) {
    throw new UsageError(
      `--policy: unknown policy ${JSON.stringify(policy)}; known policies: ${registry.names().join(', ')}`,
    );
  }
  const text = (name: string) => stringOption(values, name);
  const target = text('target') === undefined ? 0.9 : positiveNumber('target', text('target')!, 1);
  const hours = text('hours') === undefined ? 1 : positiveNumber('hours', text('hours')!, 8760);
  const iterations =
    text('iterations') === undefined ? 6 : integerInRange('iterations', text('iterations')!, 0, 30);
  const bounds = text('bounds') === undefined ? undefined : boundsValue(text('bounds')!);
  const seed = text('seed') === undefined ? 1 : seedValue('seed', text('seed')!);
  const outputs = checkOutputFiles(values, io.cwd);
  let result: ReturnType<typeof calibrateArrivalRate>;
  try {
    result = calibrateArrivalRate({
      preset,
      policy,
      target,
      hours,
      iterations,
      seed,
      ...(bounds === undefined ? {} : { bounds }),
      onStep: (s) =>
        io.stderr(
          `mean inter-arrival ${s.meanInterarrival.toFixed(2)} s → utilisation ${s.utilisation.toFixed(3)} (maps ${s.mapUtilisation.toFixed(3)}, reduces ${s.reduceUtilisation.toFixed(3)})\n`,
        ),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  io.stdout(
    `${result.preset} · ${result.policy} reaches ${result.utilisation.toFixed(3)} of the slots (target ${result.target}) at one job every ${result.meanInterarrival.toFixed(2)} s${result.reached ? '' : ' — target not reached inside the bounds'}\n`,
  );
  writeOutputs(outputs, { json: () => `${JSON.stringify(result, null, 2)}\n` }, io);
  return 0;
}

function boundsValue(text: string): [number, number] {
  const parts = text.split(',');
  if (parts.length !== 2)
    throw new UsageError(`--bounds must be <low,high> seconds, got ${JSON.stringify(text)}`);
  const low = positiveNumber('bounds', parts[0]!.trim());
  const high = positiveNumber('bounds', parts[1]!.trim());
  if (!(high > low)) throw new UsageError(`--bounds: high must exceed low, got ${JSON.stringify(text)}`);
  return [low, high];
}
