/** Where the CLI reads its environment and writes its output; `nodeIo()` is the real one. */
export interface CliIo {
  /** Writes to standard output (tables, lists, JSON when asked). */
  stdout(text: string): void;
  /** Writes to standard error (messages, the progress bar). */
  stderr(text: string): void;
  /** Whether standard error is a terminal (the progress bar shows only then). */
  readonly stderrIsTty: boolean;
  /** Terminal width in columns, when standard error is a terminal. */
  readonly columns: number | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Wall-clock milliseconds (any origin, never going back) that progress is paced and
   * its remaining time estimated by; `performance.now()` when not given.
   */
  readonly now?: () => number;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
}

/** The process's own standard streams, environment and working directory. */
export function nodeIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTty: process.stderr.isTTY === true,
    columns: process.stderr.columns,
    env: process.env,
    cwd: process.cwd(),
    now: () => performance.now(),
  };
}
