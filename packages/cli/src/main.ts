import type { CliIo } from './cli-io.js';
import { type CommandSpec, commandHelp } from './command-line.js';
import { CALIBRATE_COMMAND, calibrateCommand } from './commands/calibrate-command.js';
import { EXPLAIN_COMMAND, explainCommand } from './commands/explain-command.js';
import { FLOWS_COMMAND, flowsCommand } from './commands/flows-command.js';
import { HOST_COMMAND, hostCommand } from './commands/host-command.js';
import {
  POLICIES_COMMAND,
  PRESETS_COMMAND,
  policiesCommand,
  presetsCommand,
} from './commands/list-commands.js';
import { MERGE_COMMAND, mergeCommand } from './commands/merge-command.js';
import { REPORT_COMMAND, reportCommand } from './commands/report-command.js';
import { REPRODUCE_COMMAND, reproduceCommand } from './commands/reproduce-command.js';
import { COMPARE_COMMAND, DEMO_COMMAND, RUN_COMMAND, runCommand } from './commands/run-command.js';
import { SWEEP_COMMAND, sweepCommand } from './commands/sweep-command.js';
import { TRACE_COMMAND, traceCommand } from './commands/trace-command.js';
import { UsageError } from './usage-error.js';
import { cliVersion } from './version.js';

export { cliVersion } from './version.js';

/** Exit codes: success, a failure while running, a usage error found before running. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

interface Command {
  readonly spec: CommandSpec;
  readonly run: (argv: readonly string[], io: CliIo) => number | Promise<number>;
}

const COMMANDS: readonly Command[] = [
  { spec: RUN_COMMAND, run: (argv, io) => runCommand(RUN_COMMAND, argv, io) },
  { spec: COMPARE_COMMAND, run: (argv, io) => runCommand(COMPARE_COMMAND, argv, io) },
  { spec: SWEEP_COMMAND, run: sweepCommand },
  { spec: MERGE_COMMAND, run: mergeCommand },
  { spec: REPORT_COMMAND, run: reportCommand },
  { spec: PRESETS_COMMAND, run: presetsCommand },
  { spec: POLICIES_COMMAND, run: policiesCommand },
  { spec: DEMO_COMMAND, run: (argv, io) => runCommand(DEMO_COMMAND, argv, io) },
  { spec: EXPLAIN_COMMAND, run: explainCommand },
  { spec: HOST_COMMAND, run: (argv, io) => hostCommand(argv, io) },
  { spec: CALIBRATE_COMMAND, run: calibrateCommand },
  { spec: REPRODUCE_COMMAND, run: reproduceCommand },
  { spec: FLOWS_COMMAND, run: flowsCommand },
  { spec: TRACE_COMMAND, run: traceCommand },
];

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.spec.name.length));
  const lines = COMMANDS.map((c) => `  ${c.spec.name.padEnd(width)}  ${c.spec.summary}`);
  return `rackwise — compare network-aware schedulers on a simulated rack cluster.

Usage: rackwise <command> [options]

Commands:
${lines.join('\n')}

Run \`rackwise <command> --help\` for a command's options.
Progress goes to stderr: a bar on a terminal; in a log, a line about every 10 s (simulated
time, jobs and runs done, time left). -q silences it.
Example: rackwise run --trace fb2010 --preset nas-sim --policies fifo,fair --hours 2 --json r.json
`;
}

/**
 * Runs the command line `argv` (without `node` and the script) and returns the exit
 * code: 0 done, 1 failed while running, 2 a usage error (reported before anything ran).
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      const topic = name === 'help' ? rest[0] : undefined;
      const command = COMMANDS.find((c) => c.spec.name === topic);
      if (topic !== undefined && command === undefined) throw unknownCommand(topic);
      io.stdout(command === undefined ? overview() : commandHelp(command.spec));
      return name === undefined ? EXIT_USAGE : EXIT_OK;
    }
    if (name === '--version' || name === '-v') {
      io.stdout(`${cliVersion()}\n`);
      return EXIT_OK;
    }
    const command = COMMANDS.find((c) => c.spec.name === name);
    if (command === undefined) throw unknownCommand(name);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(commandHelp(command.spec));
      return EXIT_OK;
    }
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`rackwise: ${error.message}\n`);
      return EXIT_USAGE;
    }
    const e = error instanceof Error ? error : new Error(String(error));
    io.stderr(`rackwise: ${e.message}\n`);
    if (io.env.RACKWISE_DEBUG !== undefined && e.stack !== undefined) io.stderr(`${e.stack}\n`);
    return EXIT_FAILURE;
  }
}

function unknownCommand(name: string): UsageError {
  return new UsageError(
    `unknown command ${JSON.stringify(name)}; commands: ${COMMANDS.map((c) => c.spec.name).join(', ')}`,
  );
}
