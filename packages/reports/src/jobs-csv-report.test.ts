import { runExperiment } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import { jobsToCsv } from './jobs-csv-report.js';

describe('jobsToCsv on the tiny preset', () => {
  it('writes one row per job, policy and seed with every column filled', async () => {
    const result = await runExperiment({
      preset: 'tiny',
      policies: ['fair', 'nas'],
      seeds: [1, 2],
      parallelism: 1,
    });
    const { text, missing } = jobsToCsv(result);
    const [header, ...rows] = text.trimEnd().split('\n');
    expect(header).toBe(
      'policy,seed,id,name,class,submit,start,finish,executionTime,maps,reduces,crossRackShuffleBytes,crossRackMapInputBytes,preemptions,duplicates,shufflePhase',
    );
    expect(missing).toEqual([]);
    expect(rows).toHaveLength(2 * 2 * 30);
    expect(rows.filter((r) => r.startsWith('nas,2,')).length).toBe(30);
    for (const row of rows) {
      const cells = row.split(',');
      expect(cells).toHaveLength(16);
      const [submit, start, finish, execution] = cells.slice(5, 9).map(Number);
      expect(start).toBeGreaterThanOrEqual(submit as number);
      expect(finish).toBeGreaterThanOrEqual(start as number);
      expect(execution).toBeCloseTo((finish as number) - (submit as number), 6);
    }
    // The per-job rows add up to the run's metric.
    const fair1 = rows.filter((r) => r.startsWith('fair,1,'));
    const shuffle = fair1.reduce((s, r) => s + Number(r.split(',')[11]), 0);
    expect(shuffle).toBeCloseTo(result.policies[0]?.runs[0]?.metrics['crossRackBytes.shuffle'] ?? -1, 0);
  });

  it('names the columns a result without per-job records cannot fill', async () => {
    const result = await runExperiment({ preset: 'tiny', policies: ['fair'], parallelism: 1 });
    const old = {
      ...result,
      policies: result.policies.map((p) => ({ ...p, runs: p.runs.map(({ jobs: _, ...run }) => run) })),
    };
    const { text, missing } = jobsToCsv(old);
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(missing).toContain('preemptions');
  });
});
