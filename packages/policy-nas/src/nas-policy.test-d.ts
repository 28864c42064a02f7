import type { PolicyDefinition, PolicyFactory, SchedulerPolicyV1, UserOrder } from '@rackwise/types';
import { describe, expectTypeOf, test } from 'vitest';
import {
  type NasConfig,
  type NasPolicy,
  createNasDefinition,
  createNasPolicy,
  type nasVariants,
} from './index.js';

describe('public types', () => {
  test('the factory is a PolicyFactory of NasConfig and returns a v1 policy', () => {
    expectTypeOf(createNasPolicy).toMatchTypeOf<PolicyFactory<NasConfig>>();
    expectTypeOf<NasPolicy>().toMatchTypeOf<SchedulerPolicyV1>();
  });

  test('a definition carries the user order in its defaults', () => {
    expectTypeOf(createNasDefinition).returns.toEqualTypeOf<PolicyDefinition<NasConfig>>();
    expectTypeOf<NasConfig['userOrder']>().toEqualTypeOf<UserOrder>();
  });

  test('variants are keyed by their registered names', () => {
    expectTypeOf<keyof typeof nasVariants>().toEqualTypeOf<
      'nas' | 'nas-mts' | 'nas-mts-ca' | 'nas-no-tt' | 'nas-no-tt-cr'
    >();
  });
});
