import { describe, expectTypeOf, test } from 'vitest';
import type {
  ClusterView,
  Decision,
  JobId,
  NodeId,
  PolicyDefinition,
  SchedulerPolicy,
  SchedulerPolicyV1,
  SlotOffer,
  UserOrder,
} from './index.js';

describe('the policy contract', () => {
  test('a plain object literal satisfies it', () => {
    const firstPending = {
      specificationVersion: 'v1',
      name: 'first-pending',
      assign(offer: SlotOffer, view: ClusterView): Decision {
        for (const job of view.activeJobs()) {
          const map = job.pendingMapsOnNode(offer.node)[0] ?? job.pendingMaps()[0];
          if (map !== undefined && offer.kind !== 'reduce') {
            return { type: 'launch', task: map, reason: 'first-pending/map' };
          }
        }
        return { type: 'pass', reason: 'first-pending/none' };
      },
    } satisfies SchedulerPolicy;
    expectTypeOf(firstPending).toMatchTypeOf<SchedulerPolicyV1>();
  });

  test('decisions are a closed union discriminated by type', () => {
    expectTypeOf<Decision['type']>().toEqualTypeOf<'launch' | 'pass'>();
  });

  test('the contract carries its version', () => {
    expectTypeOf<SchedulerPolicyV1['specificationVersion']>().toEqualTypeOf<'v1'>();
  });

  test('ids are branded and not interchangeable', () => {
    expectTypeOf<NodeId>().not.toEqualTypeOf<JobId>();
    expectTypeOf<number>().not.toMatchTypeOf<NodeId>();
    expectTypeOf<NodeId>().toMatchTypeOf<number>();
  });

  test('a definition ties a name, defaults and a factory', () => {
    type Config = { readonly skips: number };
    const definition: PolicyDefinition<Config> = {
      name: 'noop',
      summary: 'passes every offer',
      defaults: { skips: 3 },
      create: (config, context) => {
        const skips = config?.skips ?? 3;
        context.random.next();
        return {
          specificationVersion: 'v1',
          name: `noop-${skips}`,
          assign: () => ({ type: 'pass', reason: 'noop/always' }),
        };
      },
    };
    expectTypeOf(definition.create).parameter(0).toEqualTypeOf<Partial<Config> | undefined>();
  });

  test('a user order returns groups of jobs', () => {
    expectTypeOf<ReturnType<UserOrder['order']>[number]['jobs'][number]['id']>().toEqualTypeOf<JobId>();
  });
});
