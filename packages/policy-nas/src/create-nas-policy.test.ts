import { createTestCluster } from '@rackwise/testkit';
import type { SchedulerPolicy } from '@rackwise/types';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MIB, attachNas, finishMap, fixedContext, launched } from '../test/nas-scene.js';
import { usersById } from '../test/user-orders.js';
import { createNasPolicy } from './create-nas-policy.js';
import { NAS_DEFAULTS } from './nas-config.js';
import { createNasDefinition, nasVariants } from './nas-variants.js';

const containers = { racks: 2, nodesPerRack: 2, slots: { model: 'container' as const, containers: 2 } };

describe('createNasPolicy', () => {
  it('satisfies the policy contract with the paper defaults', () => {
    const nas = createNasPolicy({ userOrder: usersById }, fixedContext);
    expectTypeOf(nas).toMatchTypeOf<SchedulerPolicy>();
    expect(nas.specificationVersion).toBe('v1');
    expect(nas.name).toBe('nas');
    expect(nas.tickInterval).toBe(1);
    expect(NAS_DEFAULTS).toMatchObject({ congestionThreshold: 0.8, maxMapSkips: 135, maxReduceSkips: 135 });
    expect(NAS_DEFAULTS.smallInputBytes).toBe(10 * MIB);
    expect(NAS_DEFAULTS.shuffleClassThresholds).toEqual({ lightBelow: MIB, heavyAbove: 100 * MIB });
  });

  it('refuses a configuration without a user order, naming the option', () => {
    expect(() => createNasPolicy({}, fixedContext)).toThrow(/option userOrder must be a UserOrder/);
    expect(() => createNasPolicy(undefined, fixedContext)).toThrow(/userOrder/);
  });

  it('refuses bad and unknown options, naming them', () => {
    const bad = (config: Record<string, unknown>) => () =>
      createNasPolicy({ userOrder: usersById, ...config } as never, fixedContext);
    expect(bad({ congestionThreshold: 1.2 })).toThrow(
      /congestionThreshold must be a number in \[0, 1\], got 1.2/,
    );
    expect(bad({ maxMapSkips: -1 })).toThrow(/maxMapSkips must be an integer >= 0/);
    expect(bad({ maxReduceSkips: 1.5 })).toThrow(/maxReduceSkips/);
    expect(bad({ maxWait: Number.NaN })).toThrow(/maxWait/);
    expect(bad({ trafficThreshold: -5 })).toThrow(/trafficThreshold/);
    expect(bad({ trafficThresholdInterval: 0 })).toThrow(
      /trafficThresholdInterval must be a finite number > 0/,
    );
    expect(bad({ useCrRts: 'yes' })).toThrow(/useCrRts must be a boolean/);
    expect(bad({ mapPauseScope: 'node' })).toThrow(/mapPauseScope/);
    expect(bad({ mapPauseJobs: 'all' })).toThrow(/mapPauseJobs must be 'non-light', 'predicted'/);
    expect(bad({ skipCounterResets: 'both' })).toThrow(/skipCounterResets must be 'pseudocode' or 'prose'/);
    expect(bad({ containerReduceShare: 0 })).toThrow(/containerReduceShare/);
    expect(bad({ shuffleClassThresholds: { lightBelow: 5, heavyAbove: 1 } })).toThrow(
      /shuffleClassThresholds/,
    );
    expect(bad({ congestionTreshold: 0.7 })).toThrow(
      /unknown option congestionTreshold; known options: userOrder, name/,
    );
  });
});

describe('generic containers', () => {
  it('treats a container request as a reduce request first, when a reduce is ready', () => {
    const cluster = createTestCluster({
      topology: containers,
      jobs: [{ maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [0] }], reduces: 1 }],
    });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, 128 * MIB);
    expect(cluster.offer(0).reason).toBe('ca-rts/unmet-heavy');
    expect(cluster.offer(0).reason).toBe('mts/local-qualified');
  });

  it('keeps reduces below containerReduceShare of the containers while maps are pending', () => {
    const maps = Array.from({ length: 8 }, () => ({ replicas: [0] }));
    const cluster = createTestCluster({ topology: containers, jobs: [{ maps, reduces: 8 }] });
    attachNas(cluster, { containerReduceShare: 0.25 }); // 8 containers: at most 2 reduces
    finishMap(cluster, 0, 0, 0, 128 * MIB);
    const reasons = [1, 1, 2, 2].map((node) => cluster.offer(node).reason);
    expect(reasons).toEqual(['ca-rts/unmet-heavy', 'ca-rts/unmet-heavy', 'mts/skipped', 'mts/skipped']);
  });

  it('lets reduces take every container once no map is pending', () => {
    const cluster = createTestCluster({ topology: containers, jobs: [{ maps: 1, reduces: 8 }] });
    attachNas(cluster, { containerReduceShare: 0.25 });
    finishMap(cluster, 0, 0, 0, 128 * MIB);
    const decisions = cluster.offerRound();
    expect(decisions.filter((d) => d.type === 'launch')).toHaveLength(8);
  });

  it('falls back to a map when CR-RTS launches no reduce', () => {
    const cluster = createTestCluster({
      topology: containers,
      jobs: [
        { maps: [{ replicas: [0] }, { replicas: [0] }], reduces: 1 },
        { maps: [{ replicas: [0] }], declaredShuffleRatio: 0.001 },
      ],
    });
    attachNas(cluster, { useTrafficThreshold: false });
    finishMap(cluster, 0, 0, 0, 128 * MIB);
    cluster.setRackUtilisation(0, 0.9);
    const decision = cluster.offer(0);
    expect(decision.reason).toBe('mts/local-qualified');
    expect(launched(decision)).toBe('job 1 map 0');
  });
});

describe('variants', () => {
  it('are configurations of the same factory', () => {
    expect(Object.keys(nasVariants)).toEqual(['nas', 'nas-mts', 'nas-mts-ca', 'nas-no-tt', 'nas-no-tt-cr']);
    const definition = createNasDefinition('nas-no-tt-cr', usersById);
    expect(definition.name).toBe('nas-no-tt-cr');
    expect(definition.defaults).toMatchObject({
      useTrafficThreshold: false,
      useCaRts: true,
      useCrRts: false,
    });
    expect(definition.defaults.userOrder).toBe(usersById);
    const policy = definition.create({ maxMapSkips: 3 }, fixedContext);
    expect(policy.name).toBe('nas-no-tt-cr');
  });

  it('take overrides such as the real cluster’s 5 s maximum wait', () => {
    const definition = createNasDefinition('nas', usersById, { name: 'nas-wait', maxWait: 5 });
    expect(definition.name).toBe('nas-wait');
    expect(definition.defaults.maxWait).toBe(5);
  });

  it('refuses an unknown variant with the known ones', () => {
    expect(() => createNasDefinition('nas-fast' as never, usersById)).toThrow(
      /unknown variant nas-fast; known: nas, nas-mts/,
    );
  });
});
