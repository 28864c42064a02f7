import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { startCpuClock, statCpuSeconds, threadCpuSeconds } from './run-cpu-clock.js';

/** Keeps this thread busy for about `ms` milliseconds. */
function spin(ms: number): number {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x += Math.sqrt(x + 1);
  return x;
}

describe('the CPU clock of a run', () => {
  it('counts the CPU the thread spends, never more than the process spent', () => {
    // Spins until the clock reads 0.2 s, however loaded the machine: a clock that did not
    // move with this thread's CPU would never get there. The process's CPU, which counts
    // every thread, bounds it from above (10 ms ticks on a worker thread).
    const process0 = process.cpuUsage();
    const elapsed = startCpuClock();
    const deadline = performance.now() + 20_000;
    let seconds = elapsed() ?? 0;
    while (seconds < 0.2 && performance.now() < deadline) {
      spin(10);
      seconds = elapsed() ?? 0;
    }
    const { user, system } = process.cpuUsage(process0);
    expect(seconds).toBeGreaterThanOrEqual(0.2);
    expect(seconds).toBeLessThanOrEqual((user + system) / 1e6 + 0.02);
  });

  it('reads user plus system ticks after a command name that holds spaces and parentheses', () => {
    const fields = ['S', ...Array.from({ length: 10 }, (_, i) => String(i)), '250', '50', '7'];
    expect(statCpuSeconds(`4242 (node (worker) 1) ${fields.join(' ')}`)).toBe(3);
    expect(statCpuSeconds('not a stat file')).toBeUndefined();
  });

  it.runIf(process.platform === 'linux')(
    'on a worker thread, counts its own CPU and not a busy neighbour’s',
    async () => {
      // The worker sleeps 400 ms while this thread spins: its own clock must stay near 0.
      // It sends its stat file's text before and after; the clock's own parser reads them.
      const source = `
        const { parentPort } = require('node:worker_threads');
        const { readFileSync } = require('node:fs');
        const stat = () => readFileSync('/proc/thread-self/stat', 'utf8');
        const before = stat();
        setTimeout(() => parentPort.postMessage([before, stat()]), 400);
      `;
      const worker = new Worker(source, { eval: true });
      const texts = new Promise<[string, string]>((resolve) => worker.once('message', resolve));
      spin(400);
      const [before, after] = await texts;
      await worker.terminate();
      const seconds = statCpuSeconds(after)! - statCpuSeconds(before)!;
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThan(0.15);
      expect(threadCpuSeconds()).toBeGreaterThan(0);
    },
  );
});
