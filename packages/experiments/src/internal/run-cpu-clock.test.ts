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
  it('on the main thread, counts the CPU the thread spent', () => {
    const elapsed = startCpuClock();
    spin(200);
    const seconds = elapsed();
    expect(seconds).toBeGreaterThan(0.1);
    expect(seconds).toBeLessThan(5);
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
