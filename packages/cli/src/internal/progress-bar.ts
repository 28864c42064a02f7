import type { ExperimentProgress } from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';

/**
 * Progress on standard error: on a terminal, an overall bar with an ETA and a line per
 * running simulation; otherwise (a log, a pipe, CI) a line about every ten seconds.
 */
export interface ProgressBar {
  update(progress: ExperimentProgress): void;
  /** Clears what was drawn. */
  finish(): void;
}

const SILENT: ProgressBar = { update() {}, finish() {} };

/** Most running simulations listed (more are summed up in one line). */
const MAX_LINES = 8;

/** `[#####-----]` of `width` characters. */
function bar(fraction: number, width: number): string {
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const filled = Math.round(f * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

/** Seconds as `1 h 02 min`, `3 min 05 s`, `42 s`. */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}

/**
 * The ETA from the work done so far, assuming the rest goes at the same pace; none
 * until 2 % is done and 2 s have passed (too early to say).
 */
export function estimateRemaining(fraction: number, elapsedSeconds: number): number | undefined {
  if (!(fraction >= 0.02 && elapsedSeconds >= 2) || fraction >= 1) return undefined;
  return (elapsedSeconds * (1 - fraction)) / fraction;
}

/** The lines of one frame: overall bar, runs, ETA; then each running simulation. */
export function progressLines(
  progress: ExperimentProgress,
  elapsedSeconds: number,
  columns: number,
): string[] {
  const width = Math.max(10, Math.min(30, columns - 50));
  const remaining = estimateRemaining(progress.fraction, elapsedSeconds);
  const head = `${bar(progress.fraction, width)} ${String(Math.floor(progress.fraction * 100)).padStart(3)}% ${
    progress.runsDone
  }/${progress.runsTotal} runs${remaining === undefined ? '' : ` · ETA ${formatEta(remaining)}`}`;
  const shown = progress.running.slice(0, MAX_LINES).map((r) => {
    const name = [r.policy, `seed ${r.seed}`, ...(r.label === undefined ? [] : [r.label])].join(' · ');
    return `  ${bar(r.fraction, 10)} ${String(Math.floor(r.fraction * 100)).padStart(3)}% ${name}`;
  });
  const more = progress.running.length - shown.length;
  return [head, ...shown, ...(more > 0 ? [`  … and ${more} more running`] : [])].map((line) =>
    line.slice(0, columns - 1),
  );
}

/** Wall-clock seconds between two progress lines written to a log. */
export const PROGRESS_LINE_INTERVAL_SECONDS = 10;

/** Most running simulations a progress line names (more are counted). */
const MAX_NAMED = 4;

/** Jobs as `1,234`. */
const count = (n: number): string => n.toLocaleString('en-US');

/**
 * One progress line for a log: runs done, then each running simulation's simulated time
 * and jobs done, then the time elapsed and an estimate of what remains.
 */
export function progressLine(progress: ExperimentProgress, elapsedSeconds: number): string {
  const remaining = estimateRemaining(progress.fraction, elapsedSeconds);
  const named = progress.running.slice(0, MAX_NAMED).map((r) => {
    const name = [r.policy, `seed ${r.seed}`, ...(r.label === undefined ? [] : [r.label])].join(' ');
    return `${name} at ${formatEta(r.time)} simulated, ${count(r.jobsDone)}/${count(r.jobsTotal)} jobs`;
  });
  const more = progress.running.length - named.length;
  return [
    `rackwise: ${Math.floor(progress.fraction * 100)}% · ${progress.runsDone}/${progress.runsTotal} runs done`,
    ...named,
    ...(more > 0 ? [`${more} more running`] : []),
    `${formatEta(elapsedSeconds)} elapsed, ${remaining === undefined ? 'too early to estimate what remains' : `about ${formatEta(remaining)} left`}`,
  ].join(' · ');
}

/**
 * Progress as `--quiet` and standard error ask: nothing when quiet; a bar redrawn in
 * place on a terminal (not under CI, `CI` set), redrawn only when what it shows changes;
 * otherwise a line (`progressLine`) when an update comes at least
 * `PROGRESS_LINE_INTERVAL_SECONDS` after the start or the last line. The clock is `now`,
 * else `io.now`, else `performance.now()`.
 */
export function createProgressBar(
  io: CliIo,
  quiet: boolean,
  now: () => number = io.now ?? (() => performance.now()),
): ProgressBar {
  if (quiet) return SILENT;
  const ci = io.env.CI !== undefined && io.env.CI !== '' && io.env.CI !== 'false' && io.env.CI !== '0';
  const start = now();
  if (ci || !io.stderrIsTty) {
    let last = start;
    return {
      update(progress) {
        const at = now();
        if (at - last < PROGRESS_LINE_INTERVAL_SECONDS * 1000) return;
        last = at;
        io.stderr(`${progressLine(progress, (at - start) / 1000)}\n`);
      },
      finish() {},
    };
  }
  const columns = io.columns ?? 80;
  let shown = '';
  let drawn = 0;
  const clear = (): string => `${drawn > 1 ? `\x1b[${drawn - 1}A` : ''}\r\x1b[J`;
  return {
    update(progress) {
      const lines = progressLines(progress, (now() - start) / 1000, columns);
      const frame = lines.join('\n');
      if (frame === shown) return;
      io.stderr(`${clear()}${frame}`);
      shown = frame;
      drawn = lines.length;
    },
    finish() {
      if (drawn > 0) io.stderr(clear());
      drawn = 0;
      shown = '';
    },
  };
}

/** Runs `work` with progress fed by the runner (`onProgress`), cleared at the end. */
export async function withProgressBar<T>(
  io: CliIo,
  quiet: boolean,
  work: (onProgress: (p: ExperimentProgress) => void) => Promise<T>,
): Promise<T> {
  const progress = createProgressBar(io, quiet);
  try {
    return await work((p) => progress.update(p));
  } finally {
    progress.finish();
  }
}
