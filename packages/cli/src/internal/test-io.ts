import type { CliIo } from '../cli-io.js';

/**
 * An in-memory `CliIo` for tests: what the CLI wrote, a chosen directory and environment,
 * and a wall clock that stands still (progress lines never come due) unless given.
 */
export interface RecordingIo extends CliIo {
  readonly out: string[];
  readonly err: string[];
}

export function recordingIo(
  cwd: string,
  env: Record<string, string> = {},
  tty = false,
  now: () => number = () => 0,
): RecordingIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stderrIsTty: tty,
    columns: 100,
    env,
    cwd,
    now,
  };
}

/** Runs the CLI in `cwd` as a test would: exit code, standard output and error as text. */
export async function runCli(
  cwd: string,
  argv: readonly string[],
  tty = false,
): Promise<{ code: number; out: string; err: string }> {
  const { main } = await import('../main.js');
  const io = recordingIo(cwd, {}, tty);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}
