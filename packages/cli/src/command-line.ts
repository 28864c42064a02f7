import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

/** One option of a command. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** Placeholder of the value in help (`<path>`). */
  readonly value?: string;
  readonly description: string;
}

/** A command: its name, one-line summary, positionals and options. */
export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  /** Positional arguments in help (`<result.json>`), empty when it takes none. */
  readonly positionals: readonly string[];
  /** How many positionals are required. */
  readonly requiredPositionals: number;
  /** Whether the last positional may repeat (`<result.json>…`). */
  readonly variadic?: boolean;
  readonly options: Readonly<Record<string, OptionSpec>>;
}

/** Parsed options by name (long form) and positionals. */
export interface ParsedCommandLine {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

/**
 * Parses a command's arguments strictly (`node:util` `parseArgs`): an unknown option,
 * a missing value or an unexpected positional throws a `UsageError` naming it and
 * listing the command's options.
 */
export function parseCommandLine(spec: CommandSpec, argv: readonly string[]): ParsedCommandLine {
  const known = Object.keys(spec.options)
    .map((name) => `--${name}`)
    .join(', ');
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(spec, argv),
      options: Object.fromEntries(
        Object.entries(spec.options).map(([name, o]) => [
          name,
          o.short === undefined ? { type: o.type } : { type: o.type, short: o.short },
        ]),
      ),
      allowPositionals: spec.positionals.length > 0,
      strict: true,
    });
  } catch (error) {
    const message = (error as Error).message;
    const option = /--[\w-]+/.exec(message)?.[0] ?? /'(-[^' ,]+)/.exec(message)?.[1];
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError(`unknown option ${option} for 'rackwise ${spec.name}'; known options: ${known}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(
        `option ${option} of 'rackwise ${spec.name}': ${describeValueProblem(message, option)}`,
      );
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      throw new UsageError(
        `'rackwise ${spec.name}' takes no arguments besides options, got ${quoteArg(message)}`,
      );
    }
    throw new UsageError(`rackwise ${spec.name}: ${message}`);
  }
  const positionals = parsed.positionals;
  if (positionals.length < spec.requiredPositionals) {
    throw new UsageError(`'rackwise ${spec.name}' needs ${spec.positionals.join(' ')}`);
  }
  if (spec.variadic !== true && positionals.length > spec.positionals.length) {
    throw new UsageError(
      `'rackwise ${spec.name}' takes ${spec.positionals.length} argument(s) (${spec.positionals.join(' ')}), got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals };
}

/**
 * `--hours -1` as `--hours=-1`: a negative number after an option that takes a value is
 * its value (which the option's own check then judges), not an option of its own.
 */
function joinNegativeValues(spec: CommandSpec, argv: readonly string[]): string[] {
  /** The long name of an option token that takes a value (`--hours`, or its short `-H`). */
  const valueOption = (token: string): string | undefined => {
    const long = /^--([^=]+)$/.exec(token)?.[1];
    const short = /^-([^-])$/.exec(token)?.[1];
    const name =
      long ??
      (short === undefined
        ? undefined
        : Object.keys(spec.options).find((n) => spec.options[n]?.short === short));
    return name !== undefined && spec.options[name]?.type === 'string' ? name : undefined;
  };
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const name = next !== undefined && /^-(\d|\.\d)/.test(next) ? valueOption(token) : undefined;
    if (name === undefined) out.push(token);
    else out.push(`--${name}=${argv[++i]}`);
  }
  return out;
}

function describeValueProblem(message: string, option: string | undefined): string {
  if (/ambiguous/.test(message)) return `needs a value (write ${option}=<value> for one starting with '-')`;
  return /argument missing/.test(message) ? 'needs a value' : 'takes no value';
}

function quoteArg(message: string): string {
  return /'([^']*)'/.exec(message)?.[1] ?? message;
}

/** The help text of a command. */
export function commandHelp(spec: CommandSpec): string {
  const usage = ['rackwise', spec.name, ...spec.positionals, '[options]'].join(' ');
  const rows = Object.entries(spec.options).map(([name, o]) => {
    const flag = `${o.short === undefined ? '    ' : `-${o.short}, `}--${name}${o.value === undefined ? '' : ` ${o.value}`}`;
    return [flag, o.description] as const;
  });
  const width = Math.max(0, ...rows.map(([flag]) => flag.length));
  const lines = rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
  return `${spec.summary}\n\nUsage: ${usage}\n\nOptions:\n${lines.join('\n')}\n`;
}
