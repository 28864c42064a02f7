import { describe, expect, it } from 'vitest';
import { SPARK_APP_ID, sparkLines } from '../test/written-samples.js';
import { parseSparkEventLog } from './spark-event-log.js';
import { stageTable } from './trace-stages.js';

describe('stageTable on the written multi-stage application', () => {
  const table = stageTable(parseSparkEventLog(sparkLines().join('\n'), SPARK_APP_ID));
  const row = (n: number) => table.stages.find((s) => s.stage === `${SPARK_APP_ID} stage ${n}`)!;

  it('gives each stage its tasks, bytes, task-time quantiles and skew', () => {
    // Stage 0: task times 2.0, 3.0, 2.5, 2.8 s (the retried attempt's launch to finish).
    expect(row(0)).toMatchObject({
      tasks: 4,
      inputBytes: 224e6,
      shuffleWriteBytes: 18e6,
      taskSecondsP50: 2.5,
      taskSecondsP90: 3,
      taskSecondsMax: 3,
    });
    expect(row(0).skew).toBeCloseTo(3 / 2.5);
    expect(row(2)).toMatchObject({
      tasks: 2,
      shuffleReadBytes: 22e6,
      taskSecondsP50: 2,
      taskSecondsMax: 2.5,
    });
    expect(row(2).skew).toBeCloseTo(1.25);
  });

  it('finds the chain of parents with the most recorded time: stage 0 → 2 → 3', () => {
    // Stage 0 (3.8 s) outweighs stage 1 (3.6 s) as stage 2's parent; stage 5 (1.4 s) stands alone.
    expect(table.criticalPath).toEqual([0, 2, 3].map((n) => `${SPARK_APP_ID} stage ${n}`));
    expect(table.criticalPathSeconds).toBeCloseTo(3.8 + 2.7 + 1.2);
    expect(table.stages.filter((s) => s.onCriticalPath)).toHaveLength(3);
  });
});
