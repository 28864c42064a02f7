import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { startCpuClock, threadCpuSeconds } from './run-cpu-clock.js';

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

  it.runIf(process.platform === 'linux')(
    'on a worker thread, counts its own CPU and not a busy neighbour’s',
    async () => {
      // The worker sleeps 400 ms while this thread spins: its own clock must stay near 0.
      const source = `
        const { parentPort } = require('node:worker_threads');
        const { readFileSync } = require('node:fs');
        const ticks = () => { const s = readFileSync('/proc/thread-self/stat', 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
        const start = ticks();
        setTimeout(() => parentPort.postMessage(ticks() - start), 400);
      `;
      const worker = new Worker(source, { eval: true });
      const own = new Promise<number>((resolve) => worker.once('message', resolve));
      spin(400);
      const seconds = await own;
      await worker.terminate();
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThan(0.15);
      expect(threadCpuSeconds()).toBeGreaterThan(0);
    },
  );
});
