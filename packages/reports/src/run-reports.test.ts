import { type ExperimentResult, runExperiment } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv-report.js';
import { parseResultJson, toJson } from './json-report.js';

const run = (seeds: number[], policies = ['fair', 'nas']): Promise<ExperimentResult> =>
  runExperiment({ preset: 'tiny', policies, seeds, parallelism: 1 });

describe('reports of real runs of the tiny preset', () => {
  it('give byte-identical CSV for the same seed, and another for another seed', async () => {
    const [a, b, c] = await Promise.all([run([11]), run([11]), run([12])]);
    expect(toCsv(a)).toBe(toCsv(b));
    expect(toCsv(a)).not.toBe(toCsv(c));
  });

  it('add a spread column per metric when several seeds ran', async () => {
    const result = await run([1, 2, 3], ['fair']);
    expect(toCsv(result).split('\n')[0]).toContain('executionTime.mean.sd');
  });

  it('survive a JSON round trip with every metric and the package versions', async () => {
    const result = await run([5], ['fair']);
    const parsed = parseResultJson(toJson(result), 'r.json');
    if (parsed.kind !== 'experiment') throw new Error('expected an experiment');
    expect(toCsv(parsed.result)).toBe(toCsv(result));
    expect(parsed.result.versions['@rackwise/engine']).toMatch(/^\d+\.\d+\.\d+/);
  });
});
