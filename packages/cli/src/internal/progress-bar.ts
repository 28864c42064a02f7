import type { CliIo } from '../cli-io.js';

/** A one-line progress bar on standard error. */
export interface ProgressBar {
  /** Shows `fraction` (0…1) done, with a short label. */
  update(fraction: number, label: string): void;
  /** Clears the line. */
  finish(): void;
}

const SILENT: ProgressBar = { update() {}, finish() {} };

/**
 * A progress bar when standard error is a terminal and not under CI (`CI` set) and not
 * silenced; otherwise one that draws nothing. It redraws only when the shown
 * percentage or label changes.
 */
export function createProgressBar(io: CliIo, quiet: boolean): ProgressBar {
  const ci = io.env.CI !== undefined && io.env.CI !== '' && io.env.CI !== 'false' && io.env.CI !== '0';
  if (quiet || ci || !io.stderrIsTty) return SILENT;
  const width = Math.max(10, Math.min(40, (io.columns ?? 80) - 50));
  let shown = '';
  let drawn = false;
  return {
    update(fraction, label) {
      const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
      const filled = Math.round(f * width);
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(f * 100)).padStart(3)}% ${label}`;
      if (line === shown) return;
      shown = line;
      drawn = true;
      io.stderr(`\r\x1b[2K${line.slice(0, (io.columns ?? 80) - 1)}`);
    },
    finish() {
      if (drawn) io.stderr('\r\x1b[2K');
      drawn = false;
      shown = '';
    },
  };
}

/** Runs `work` with a progress bar fed by the runner's progress (`runsDone/runsTotal runs`), cleared at the end. */
export async function withProgressBar<T>(
  io: CliIo,
  quiet: boolean,
  work: (onProgress: (p: { fraction: number; runsDone: number; runsTotal: number }) => void) => Promise<T>,
): Promise<T> {
  const bar = createProgressBar(io, quiet);
  try {
    return await work((p) => bar.update(p.fraction, `${p.runsDone}/${p.runsTotal} runs`));
  } finally {
    bar.finish();
  }
}
