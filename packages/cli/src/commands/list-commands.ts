import { BUILTIN_PRESETS, defaultPolicyRegistry } from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';

const HELP_ONLY = { help: { type: 'boolean', short: 'h', description: 'show this help' } } as const;

/** `rackwise presets`: one line per preset. */
export const PRESETS_COMMAND: CommandSpec = {
  name: 'presets',
  summary: 'List the experiment presets, one line each.',
  positionals: [],
  requiredPositionals: 0,
  options: HELP_ONLY,
};

/** `rackwise policies`: one line per registered policy. */
export const POLICIES_COMMAND: CommandSpec = {
  name: 'policies',
  summary: 'List the registered policies, one line each.',
  positionals: [],
  requiredPositionals: 0,
  options: HELP_ONLY,
};

/** Two columns: names padded to the longest. */
function columns(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(0, ...rows.map(([name]) => name.length));
  return rows.map(([name, text]) => `${name.padEnd(width)}  ${text}\n`).join('');
}

/** Runs `presets`. */
export function presetsCommand(argv: readonly string[], io: CliIo): number {
  parseCommandLine(PRESETS_COMMAND, argv);
  io.stdout(columns(BUILTIN_PRESETS.map((p) => [p.name, p.description])));
  return 0;
}

/** Runs `policies`. */
export function policiesCommand(argv: readonly string[], io: CliIo): number {
  parseCommandLine(POLICIES_COMMAND, argv);
  io.stdout(
    columns(
      defaultPolicyRegistry()
        .list()
        .map((d) => [d.name, d.summary]),
    ),
  );
  return 0;
}
