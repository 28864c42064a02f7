import { describe, expect, it } from 'vitest';
import { defaultPolicyRegistry } from '../builtin-policies.js';
import { applyOverrides } from '../experiment-overrides.js';
import { metricNames } from '../metric-catalogue.js';
import { experimentPreset } from '../preset-catalogue.js';
import { runExperiment } from '../run-experiment.js';
import { sweepOverrides } from '../sweep.js';
import { validatePreset } from '../validate-preset.js';

describe('FCS presets (§5)', () => {
  it('are registered, valid, and compare FCS with HFS and HCS on 45 workers of 8 + 4 slots', () => {
    const registry = defaultPolicyRegistry();
    for (const name of ['fcs', 'fcs-kill', 'fcs-no-migration']) expect(registry.get(name).name).toBe(name);
    for (const name of ['fcs-map-heavy', 'fcs-reduce-heavy', 'fcs-gridmix']) {
      const preset = validatePreset(experimentPreset(name), registry);
      expect(preset.topology).toMatchObject({
        racks: 5,
        nodesPerRack: 9,
        slots: { mapSlots: 8, reduceSlots: 4 },
      });
      expect(preset.storage).toEqual({ blockBytes: 128 * 1024 * 1024, replication: 3 });
      expect(preset.workload).toMatchObject({ kind: 'poisson-mix', meanInterarrival: 30 });
      expect(preset.policies).toContain('fcs');
      expect(preset.baseline).toBe('fair');
    }
    expect(experimentPreset('fcs-map-heavy').workload).toMatchObject({ mix: 'fcs-map-heavy', jobs: 171 });
    expect(experimentPreset('fcs-reduce-heavy').workload).toMatchObject({
      mix: 'fcs-reduce-heavy',
      jobs: 171,
    });
  });

  it('name the per-group metrics of Table 1 groups and the slowdowns before running', () => {
    const names = metricNames(experimentPreset('fcs-map-heavy'));
    expect(names).toContain('slowdown.max');
    expect(names).toContain('group.group1-wordcount.slowdownMax');
    expect(names).toContain('group.group10-inverted-index.preemptionsMean');
    expect(names.filter((n) => n.startsWith('group.') && n.endsWith('.executionTimeMean'))).toHaveLength(10);
  });

  it('sweep the number of jobs and D through the sweep mechanism', () => {
    const preset = experimentPreset('fcs-gridmix');
    expect(applyOverrides(preset, sweepOverrides('jobs', 60)).workload).toMatchObject({ jobs: 60 });
    expect(applyOverrides(preset, sweepOverrides('fcs.migrationDelay', 20)).policyConfig.fcs).toEqual({
      migrationDelay: 20,
    });
    expect(() => applyOverrides(experimentPreset('sw-ec2'), { jobs: 10 })).toThrow(/jobs does not apply/);
  });

  it('reports per-group execution time, slowdown ≥ 1 on average and preemptions per job', async () => {
    const result = await runExperiment({
      preset: 'fcs-map-heavy',
      policies: ['fair', 'fcs'],
      overrides: { jobs: 6 },
      seed: 2,
      parallelism: 1,
    });
    for (const policy of result.policies) {
      expect(policy.metrics.jobsCompleted).toBe(6);
      expect(policy.metrics['slowdown.mean']).toBeGreaterThanOrEqual(0.9);
      const groups = Object.keys(policy.metrics).filter(
        (n) => n.endsWith('.jobsCompleted') && n.startsWith('group.'),
      );
      const completed = groups.reduce((sum, n) => sum + (policy.metrics[n] ?? 0), 0);
      expect(completed).toBe(6);
    }
  });
});
