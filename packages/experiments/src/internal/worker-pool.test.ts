import { describe, expect, it } from 'vitest';
import { openWorkerPool, runOnWorkers } from './worker-pool.js';

type EchoTask = { value: number; delay?: number; fail?: boolean; exit?: boolean };
type EchoResult = { value: number; threadId: number };
const script = new URL('../../test/echo-worker.mjs', import.meta.url);

describe('a worker pool', () => {
  it('keeps its workers between tasks, never more than its size', async () => {
    const pool = openWorkerPool<EchoTask, EchoResult>(script, 2);
    try {
      const first = await Promise.all([1, 2, 3, 4].map((value) => pool.run({ value, delay: 20 })));
      const second = await Promise.all([5, 6].map((value) => pool.run({ value })));
      expect([...first, ...second].map((r) => r.value)).toEqual([2, 4, 6, 8, 10, 12]);
      const threads = new Set(first.map((r) => r.threadId));
      expect(threads.size).toBe(2);
      for (const r of second) expect(threads.has(r.threadId)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('rejects a failed task alone, replaces a worker that stops, and refuses work once closed', async () => {
    const pool = openWorkerPool<EchoTask, EchoResult>(script, 1);
    const progress: number[] = [];
    await expect(pool.run({ value: 1, fail: true })).rejects.toThrow('task 1 failed');
    await expect(pool.run({ value: 2 }, (p) => progress.push(p))).resolves.toMatchObject({ value: 4 });
    expect(progress).toEqual([0.5]);
    await expect(pool.run({ value: 3, exit: true })).rejects.toThrow('exit code 3');
    await expect(pool.run({ value: 4 })).resolves.toMatchObject({ value: 8 });
    const waiting = expect(pool.run({ value: 5, delay: 1000 })).rejects.toThrow('closed');
    await pool.close();
    await waiting;
    await expect(pool.run({ value: 6 })).rejects.toThrow('closed');
  });

  it('runs a list on a pool of its own, results in order, the first error failing it', async () => {
    const done: number[] = [];
    const results = await runOnWorkers<EchoTask, EchoResult>(
      script,
      [3, 1, 2].map((value) => ({ value, delay: value * 5 })),
      2,
      () => {},
      (index) => done.push(index),
    );
    expect(results.map((r) => r.value)).toEqual([6, 2, 4]);
    expect(done.sort()).toEqual([0, 1, 2]);
    await expect(
      runOnWorkers<EchoTask, EchoResult>(script, [{ value: 1 }, { value: 2, fail: true }], 2, () => {}),
    ).rejects.toThrow('task 2 failed');
  });
});
