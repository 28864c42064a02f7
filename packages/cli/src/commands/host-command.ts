import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { defaultPolicyRegistry } from '@rackwise/experiments';
import type { EvidenceDetail } from '@rackwise/types';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { type TopologyMessage, createJsonLinesHost } from '../internal/json-lines-host.js';
import { seedValue, stringOption } from '../option-values.js';
import { UsageError } from '../usage-error.js';

/** `rackwise host`: a policy behind a JSON-lines protocol on stdin/stdout. */
export const HOST_COMMAND: CommandSpec = {
  name: 'host',
  summary:
    'Serve one policy to a scheduler in any language: @rackwise/host events in, decisions out, as JSON lines.',
  positionals: [],
  requiredPositionals: 0,
  options: {
    policy: {
      type: 'string',
      value: '<name>',
      description: 'the policy to ask (see `rackwise policies`); required',
    },
    policies: { type: 'string', value: '<name>', description: 'the same as --policy, as `run` spells it' },
    topology: {
      type: 'string',
      value: '<nodes.json>',
      description:
        'nodes, labels and links ({ nodes, rackLabel?, oversubscription? }); else the first line gives them',
    },
    seed: { type: 'string', value: '<N>', description: "seed of the policy's random source; default 1" },
    evidence: {
      type: 'string',
      value: '<bounded|full|off>',
      description:
        'the values that decided each offer: bounded (default; the chosen group, its nearest rivals, a few jobs passed over), full (every group and job), or off',
    },
    'no-evidence': { type: 'boolean', description: 'the same as --evidence off' },
  },
};

/** `--evidence` and `--no-evidence` as one setting; they must not contradict each other. */
function evidenceOption(text: string | undefined, off: boolean): EvidenceDetail | false {
  if (text === undefined) return off ? false : 'bounded';
  if (text !== 'bounded' && text !== 'full' && text !== 'off')
    throw new UsageError(`--evidence: must be bounded, full or off, got ${JSON.stringify(text)}`);
  if (off && text !== 'off') throw new UsageError(`--no-evidence contradicts --evidence ${text}`);
  return text === 'off' ? false : text;
}

/**
 * Runs `host`: reads events from `lines` (stdin by default), writes one reply line per
 * line. A malformed or refused line gets an error reply naming its line; the session goes on.
 */
export async function hostCommand(
  argv: readonly string[],
  io: CliIo,
  lines: AsyncIterable<string> = createInterface({
    input: process.stdin,
    crlfDelay: Number.POSITIVE_INFINITY,
  }),
): Promise<number> {
  const { values } = parseCommandLine(HOST_COMMAND, argv);
  if (values.policy !== undefined && values.policies !== undefined)
    throw new UsageError('--policy and --policies name the same thing: give one');
  const name = stringOption(values, 'policy') ?? stringOption(values, 'policies');
  if (name?.includes(',')) throw new UsageError('--policy: a host serves one policy, got a list');
  const registry = defaultPolicyRegistry();
  if (name === undefined) throw new UsageError('--policy: which policy to serve');
  if (!registry.has(name)) {
    throw new UsageError(
      `--policy: unknown policy ${JSON.stringify(name)}; known policies: ${registry.names().join(', ')}`,
    );
  }
  const seedText = stringOption(values, 'seed');
  const evidence = evidenceOption(stringOption(values, 'evidence'), values['no-evidence'] === true);
  const file = stringOption(values, 'topology');
  let topology: TopologyMessage | undefined;
  if (file !== undefined) {
    try {
      topology = JSON.parse(readFileSync(resolve(io.cwd, file), 'utf8')) as TopologyMessage;
    } catch (error) {
      throw new UsageError(`--topology: cannot read ${file}: ${(error as Error).message}`);
    }
  }
  let handle: ReturnType<typeof createJsonLinesHost>;
  try {
    handle = createJsonLinesHost({
      createPolicy: (context) => registry.create(name, undefined, context),
      seed: seedText === undefined ? 1 : seedValue('seed', seedText),
      evidence,
      ...(topology === undefined ? {} : { topology }),
    });
  } catch (error) {
    throw new UsageError(`--topology: ${(error as Error).message}`);
  }
  let number = 0;
  for await (const line of lines) {
    number++;
    const reply = handle(line, number);
    if (reply !== undefined) io.stdout(`${reply}\n`);
  }
  return 0;
}
