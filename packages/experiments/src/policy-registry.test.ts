import { fc, test } from '@fast-check/vitest';
import type { PolicyDefinition, SchedulerPolicy, UserOrder } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { BUILTIN_POLICIES, defaultPolicyRegistry, onBaseOrder } from './builtin-policies.js';
import { createPolicyRegistry } from './policy-registry.js';

const context = { random: { next: () => 0.25, int: () => 0 } };

function definition(name: string, summary = `${name} policy`): PolicyDefinition<{ readonly name: string }> {
  return {
    name,
    summary,
    defaults: { name },
    create: (config): SchedulerPolicy => ({
      specificationVersion: 'v1',
      name: config?.name ?? name,
      assign: () => ({ type: 'pass', reason: `${name}/always` }),
    }),
  };
}

describe('createPolicyRegistry', () => {
  it('refuses a name registered twice', () => {
    const registry = createPolicyRegistry([definition('alpha')]);
    expect(() => registry.register(definition('alpha', 'another'))).toThrowError(
      'policy "alpha" is already registered; policy names must be unique',
    );
    expect(registry.get('alpha').summary).toBe('alpha policy');
  });

  it('fails on an unknown name with the list of known ones', () => {
    const registry = createPolicyRegistry([definition('alpha'), definition('beta')]);
    expect(() => registry.get('gamma')).toThrowError('unknown policy "gamma"; known policies: alpha, beta');
    expect(() => registry.create('gamma', undefined, context)).toThrowError(/known policies: alpha, beta/);
  });

  it('refuses names that are not kebab-case and definitions without a factory', () => {
    const registry = createPolicyRegistry();
    expect(() => registry.register(definition('Fair'))).toThrowError(/kebab-case/);
    expect(() => registry.register(definition('a--b'))).toThrowError(/kebab-case/);
    expect(() => registry.register({ ...definition('ok'), create: undefined as never })).toThrowError(
      'policy "ok": create must be a function',
    );
  });

  it('creates a policy through the definition with the configuration over the defaults', () => {
    const registry = createPolicyRegistry([definition('alpha')]);
    expect(registry.create('alpha', { name: 'renamed' }, context).name).toBe('renamed');
    expect(registry.create('alpha', undefined, context).name).toBe('alpha');
  });

  test.prop([
    fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,4})?$/), {
      minLength: 1,
      maxLength: 8,
    }),
  ])('keeps registration order and refuses every name again', (names) => {
    const registry = createPolicyRegistry(names.map((n) => definition(n)));
    expect(registry.names()).toEqual(names);
    for (const name of names) {
      expect(registry.has(name)).toBe(true);
      expect(() => registry.register(definition(name))).toThrowError(/already registered/);
    }
  });
});

describe('the built-in policies', () => {
  it('hold the baselines and every ShuffleWatcher, NAS and FCS variant', () => {
    expect(defaultPolicyRegistry().names()).toEqual([
      'fifo',
      'fair',
      'capacity',
      'drf',
      'delay',
      'sw-fair',
      'sw-drf',
      'sw-delay',
      'sw-nass',
      'sw-nass-sarp',
      'nas',
      'nas-mts',
      'nas-mts-ca',
      'nas-no-tt',
      'nas-no-tt-cr',
      'shadow',
      'kmn',
      'even',
      'fcs',
      'fcs-kill',
      'fcs-no-migration',
    ]);
  });

  it('each create a v1 policy with their defaults and a one-line summary', () => {
    for (const policy of BUILTIN_POLICIES) {
      expect(policy.summary).not.toMatch(/\n/);
      const created = defaultPolicyRegistry().create(policy.name, undefined, context);
      expect(created.specificationVersion).toBe('v1');
      expect(created.name).toBe(policy.name);
    }
  });

  it('compose the base order the papers use: Delay and NAS on Fair, SW-DRF on DRF', () => {
    const registry = defaultPolicyRegistry();
    const orderOf = (name: string) =>
      (registry.get(name).defaults as { userOrder?: { name: string } }).userOrder?.name;
    expect(orderOf('delay')).toMatch(/fair/);
    expect(orderOf('sw-fair')).toMatch(/fair/);
    expect(orderOf('sw-delay')).toMatch(/fair/);
    expect(orderOf('sw-drf')).toMatch(/drf/);
    expect(orderOf('nas')).toMatch(/fair/);
    expect(registry.get('sw-drf').summary).toMatch(/DRF's user order/);
  });

  it('give every created policy its own base order', () => {
    const orders: UserOrder[] = [];
    const createOrder = (): UserOrder => {
      const order: UserOrder = { name: `order-${orders.length}`, order: () => [] };
      orders.push(order);
      return order;
    };
    const used: string[] = [];
    const composed = onBaseOrder(
      (order) => ({
        ...definition('on-order'),
        create: () => {
          used.push(order.name);
          return definition('on-order').create(undefined, context);
        },
      }),
      createOrder,
      'Test',
    );
    composed.create(undefined, context);
    composed.create(undefined, context);
    expect(used).toEqual(['order-1', 'order-2']);
    expect(composed.summary).toBe("on-order policy [on Test's user order]");
  });
});
