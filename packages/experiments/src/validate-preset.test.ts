import { describe, expect, it } from 'vitest';
import { defaultPolicyRegistry } from './builtin-policies.js';
import type { ExperimentPreset } from './experiment-preset.js';
import { BUILTIN_PRESETS, experimentPreset, presetNames } from './preset-catalogue.js';
import { TINY_PRESET } from './presets/tiny-preset.js';
import { validatePreset } from './validate-preset.js';

const registry = defaultPolicyRegistry();
const check = (changes: Partial<Record<keyof ExperimentPreset, unknown>>) => () =>
  validatePreset({ ...TINY_PRESET, ...changes } as ExperimentPreset, registry);

describe('the built-in presets', () => {
  it('are valid, have a one-line description and name the paper section they reproduce', () => {
    expect(presetNames()).toEqual([
      'nas-sim',
      'nas-cluster',
      'sw-ec2',
      'sw-dedicated',
      'shadow-bench',
      'shadow-terasort',
      'shadow-fb',
      'fcs-map-heavy',
      'fcs-reduce-heavy',
      'fcs-gridmix',
      'tiny',
      'sw-ec2-calibrated',
    ]);
    for (const preset of BUILTIN_PRESETS) {
      expect(validatePreset(preset, registry)).toBe(preset);
      expect(preset.description.length).toBeLessThanOrEqual(110);
      expect(preset.source).not.toBe('');
    }
  });

  it('set up NAS §IV-A and ShuffleWatcher §4 as the papers state', () => {
    const nas = experimentPreset('nas-sim');
    expect(nas.topology).toMatchObject({
      racks: 30,
      nodesPerRack: 20,
      slots: { model: 'container', containers: 6 },
    });
    expect(nas.topology).toMatchObject({ nicCapacity: 250e6, rackUplinkCapacity: 1e9 });
    expect(nas.storage).toEqual({ blockBytes: 128 * 2 ** 20, replication: 3 });
    expect(nas.workload).toEqual({ kind: 'swim-trace', trace: 'fb2010', users: 200 });
    expect(nas.policies).toEqual(['fair', 'delay', 'sw-delay', 'nas-mts', 'nas-mts-ca', 'nas']);
    expect(nas.policyConfig.nas).toMatchObject({
      congestionThreshold: 0.8,
      maxMapSkips: 135,
      maxReduceSkips: 135,
    });
    expect(nas.sweeps?.users).toEqual([25, 50, 100, 200, 400]);
    const cluster = experimentPreset('nas-cluster');
    expect(cluster.workload).toMatchObject({ jobs: 200, meanInterarrival: 14 });
    expect(cluster.policyConfig.nas).toMatchObject({ maxWait: 5 });
    const sw = experimentPreset('sw-ec2');
    expect(sw.topology).toMatchObject({
      racks: 10,
      nodesPerRack: 10,
      slots: { mapSlots: 4, reduceSlots: 2 },
    });
    expect(sw.topology).toMatchObject({ rackUplinkCapacity: 500e6 });
    expect(sw.storage).toEqual({ blockBytes: 64 * 2 ** 20, replication: 3 });
    expect(sw.workload).toMatchObject({ users: 30, meanInterarrival: 40, steadyState: { hours: 4 } });
  });

  it('fail on an unknown name with the known ones', () => {
    expect(() => experimentPreset('nas')).toThrowError(
      'unknown preset "nas"; known presets: nas-sim, nas-cluster, sw-ec2, sw-dedicated, shadow-bench, shadow-terasort, shadow-fb, fcs-map-heavy, fcs-reduce-heavy, fcs-gridmix, tiny, sw-ec2-calibrated',
    );
  });
});

describe('validatePreset', () => {
  it.each([
    [{ name: 'Tiny' }, 'preset name must be kebab-case, got "Tiny"'],
    [{ description: 'two\nlines' }, 'preset tiny: description must be one non-empty line'],
    [
      { storage: { blockBytes: 0, replication: 2 } },
      'preset tiny: storage.blockBytes must be a positive integer number of bytes, got 0',
    ],
    [
      { storage: { blockBytes: 1, replication: 7 } },
      'preset tiny: storage.replication must be an integer in [1, 6] (the nodes of the cluster), got 7',
    ],
    [
      { topology: { ...TINY_PRESET.topology, nicCapacity: 0 } },
      'preset tiny: topology.nicCapacity must be a positive finite number',
    ],
    [{ engine: { mapRate: -1 } }, 'preset tiny: parameters.mapRate must be a positive finite number'],
    [{ engine: { warpSpeed: 9 } }, 'preset tiny: parameters.warpSpeed is not an engine parameter'],
    [{ policies: ['fair', 'lottery'] }, 'preset tiny: unknown policy "lottery"; known policies: fifo, fair'],
    [{ policyConfig: { lottery: {} } }, 'preset tiny: unknown policy "lottery"'],
    [
      { policyConfig: { delay: { maxSkips: -1 } } },
      'preset tiny: delay: maxSkips must be an integer ≥ 0, got -1',
    ],
    [{ baseline: 'drf' }, 'preset tiny: baseline must be one of its policies (fair, delay, nas), got "drf"'],
    [
      { metrics: { ...TINY_PRESET.metrics, congestionThreshold: 0 } },
      'preset tiny: metrics.congestionThreshold must be a fraction in (0, 1], got 0',
    ],
    [
      { metrics: { ...TINY_PRESET.metrics, trafficThreshold: 'eq-2' } },
      "preset tiny: metrics.trafficThreshold must be 'nas-eq-3' or a number of bytes >= 0",
    ],
    [
      { metrics: { ...TINY_PRESET.metrics, headline: ['speed'] } },
      'preset tiny: metrics.headline must be metric names (known: jobsSubmitted',
    ],
    [
      { workload: { ...TINY_PRESET.workload, users: 0 } },
      'preset tiny: workload.users must be a positive integer, got 0',
    ],
    [
      { workload: { ...TINY_PRESET.workload, mix: 'sw-mix9' } },
      'preset tiny: unknown workload mix "sw-mix9"',
    ],
    [
      { workload: { kind: 'swim-trace', trace: '/no/such.tsv', users: 3 } },
      'preset tiny: trace /no/such.tsv cannot be read (no such file)',
    ],
    [
      { workload: { kind: 'swim-trace', trace: 'fb2010', users: 3, hours: 0 } },
      'preset tiny: workload.hours must be a positive number of hours, got 0',
    ],
  ])('refuses %j', (changes, message) => {
    expect(check(changes)).toThrowError(message);
  });
});
