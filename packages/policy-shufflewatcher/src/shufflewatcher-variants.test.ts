import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import { describe, expect, test } from 'vitest';
import { CONTAINER_TOPOLOGY, TEST_CONTEXT, sceneMaker } from '../test/scenes.js';
import { SHUFFLEWATCHER_DEFAULTS, resolveShuffleWatcherConfig } from './shufflewatcher-config.js';
import { createShuffleWatcherPolicy } from './shufflewatcher-policy.js';
import { defineShuffleWatcher, shuffleWatcherVariants } from './shufflewatcher-variants.js';

const fewestRunningFirst = createTestUserOrder('user');
const scene = sceneMaker(createTestCluster, fewestRunningFirst, { topology: CONTAINER_TOPOLOGY });

describe('configuration', () => {
  test("defaults are the paper's values", () => {
    expect(SHUFFLEWATCHER_DEFAULTS).toMatchObject({
      nwSaturationThreshold: 0.8,
      mapCompletionThreshold: 0.15,
      shuffleHeavyRatio: 1,
      starvationWindow: 600,
      samp: true,
      sarp: true,
      relaxedLocality: false,
    });
  });

  test('bad options are refused before anything runs, naming the option', () => {
    const create = (options: object) =>
      createShuffleWatcherPolicy({ userOrder: fewestRunningFirst, ...options }, TEST_CONTEXT);
    expect(() => createShuffleWatcherPolicy({} as never, TEST_CONTEXT)).toThrow(
      /userOrder must be a UserOrder/,
    );
    expect(() => resolveShuffleWatcherConfig(undefined)).toThrow(/config must be an object/);
    expect(() => create({ nwSaturationThreshold: 1.5 })).toThrow(
      /nwSaturationThreshold must be a number in \[0, 1\]/,
    );
    expect(() => create({ mapCompletionThreshold: -0.1 })).toThrow(/mapCompletionThreshold/);
    expect(() => create({ netSatScope: 'core' })).toThrow(/netSatScope must be one of node, rack, cluster/);
    expect(() => create({ starvationWindow: 0 })).toThrow(/starvationWindow/);
    expect(() => create({ samp: 'yes' })).toThrow(/samp must be a boolean/);
    expect(() => create({ relaxedLocality: { by: 'hops' } })).toThrow(/relaxedLocality.by/);
    expect(() =>
      create({ relaxedLocality: { by: 'skips', nodeLocalityWait: 1.5, rackLocalityWait: 1 } }),
    ).toThrow(/relaxedLocality.nodeLocalityWait must be an integer/);
    expect(() => create({ name: '' })).toThrow(/name must be a non-empty string/);
    expect(() => create({ delayReducesInSplitSlots: 1 })).toThrow(
      /delayReducesInSplitSlots must be a boolean/,
    );
    expect(() => create({ reduceRampupLimit: 2 })).toThrow(/reduceRampupLimit must be a number in \[0, 1\]/);
  });
});

describe('variants', () => {
  test('each variant is a definition over the same factory, named and switched as the paper runs it', () => {
    const expected = {
      'sw-fair': { samp: true, sarp: true, relaxed: false, fairness: 'fair' },
      'sw-drf': { samp: true, sarp: true, relaxed: false, fairness: 'drf' },
      'sw-delay': { samp: true, sarp: true, relaxed: true, fairness: 'fair' },
      'sw-nass': { samp: false, sarp: false, relaxed: false, fairness: 'fair' },
      'sw-nass-sarp': { samp: false, sarp: true, relaxed: false, fairness: 'fair' },
    } as const;
    for (const [name, want] of Object.entries(expected)) {
      const variant = shuffleWatcherVariants[name as keyof typeof expected];
      expect(variant.fairness).toBe(want.fairness);
      const definition = defineShuffleWatcher(variant.name, fewestRunningFirst);
      const policy = definition.create(undefined, TEST_CONTEXT) as ReturnType<
        typeof createShuffleWatcherPolicy
      >;
      expect(definition.name).toBe(name);
      expect(policy.name).toBe(name);
      expect(policy.config.samp).toBe(want.samp);
      expect(policy.config.sarp).toBe(want.sarp);
      expect(policy.config.relaxedLocality !== false).toBe(want.relaxed);
      expect(policy.config.userOrder).toBe(fewestRunningFirst);
    }
  });

  test('a configuration passed to create overrides the definition defaults', () => {
    const definition = defineShuffleWatcher('sw-fair', fewestRunningFirst);
    const policy = definition.create({ nwSaturationThreshold: 0.9 }, TEST_CONTEXT) as ReturnType<
      typeof createShuffleWatcherPolicy
    >;
    expect(policy.config.nwSaturationThreshold).toBe(0.9);
    expect(() => defineShuffleWatcher('sw-fast' as never, fewestRunningFirst)).toThrow(
      /unknown variant "sw-fast"; known variants: sw-fair, sw-drf, sw-delay, sw-nass, sw-nass-sarp/,
    );
  });

  test('sw-nass keeps no SAMP or SARP state; sw-nass-sarp keeps tentative reduces but no map racks', () => {
    const nass = scene({ samp: false, sarp: false });
    nass.cluster.submit({ maps: [{ replicas: [0] }], reduces: 2 });
    expect(nass.policy.jobState(0 as never)).toBeUndefined();
    const nassSarp = scene({ samp: false });
    nassSarp.cluster.submit({ maps: [{ replicas: [0] }, { replicas: [2] }, { replicas: [2] }], reduces: 3 });
    expect(nassSarp.policy.jobState(0 as never)).toEqual({
      preferredMapRacks: undefined,
      tentativeReducesPerRack: [1, 2],
      preferredReducesPerRack: undefined,
    });
  });
});
