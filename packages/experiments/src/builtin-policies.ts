import { capacityPolicy } from '@rackwise/policy-capacity';
import { delayPolicy } from '@rackwise/policy-delay';
import { createDrfUserOrder, drfPolicy } from '@rackwise/policy-drf';
import { evenPolicy } from '@rackwise/policy-even';
import { createFairUserOrder, fairPolicy } from '@rackwise/policy-fair';
import { type FcsVariantName, defineFcs, fcsVariants } from '@rackwise/policy-fcs';
import { fifoPolicy } from '@rackwise/policy-fifo';
import { kmnPolicy } from '@rackwise/policy-kmn';
import { type NasVariantName, createNasDefinition, nasVariants } from '@rackwise/policy-nas';
import { shadowPolicy } from '@rackwise/policy-shadow';
import {
  type ShuffleWatcherVariantName,
  defineShuffleWatcher,
  shuffleWatcherVariants,
} from '@rackwise/policy-shufflewatcher';
import type { UserOrder } from '@rackwise/types';
import { type AnyPolicyDefinition, type PolicyRegistry, createPolicyRegistry } from './policy-registry.js';

/**
 * A definition built on a base fairness order, where every created policy gets an order
 * of its own (an order may keep state, so two runs never share one). The shown
 * defaults come from a definition built on a first order.
 */
export function onBaseOrder(
  build: (order: UserOrder) => AnyPolicyDefinition,
  createOrder: () => UserOrder,
  baseName: string,
): AnyPolicyDefinition {
  const shown = build(createOrder());
  return Object.freeze({
    name: shown.name,
    summary: `${shown.summary} [on ${baseName}'s user order]`,
    defaults: shown.defaults,
    create: (config, context) => build(createOrder()).create(config, context),
  });
}

const fairOrder = (): UserOrder => createFairUserOrder();
const drfOrder = (): UserOrder => createDrfUserOrder();

/** A definition whose `userOrder` option is filled with Fair's order (a fresh one per policy). */
function onFairOrder(definition: AnyPolicyDefinition): AnyPolicyDefinition {
  return onBaseOrder(
    (userOrder) => ({
      ...definition,
      defaults: { ...definition.defaults, userOrder },
      create: (config, context) =>
        definition.create({ ...definition.defaults, userOrder, ...config }, context),
    }),
    fairOrder,
    'Fair',
  );
}

/** Delay scheduling on Fair's order (Hadoop's, and the one NAS §IV and ShuffleWatcher §4.2 use). */
const delayOnFair = onFairOrder(delayPolicy);

/** Shadow and the schemes it is compared with (Shadow §5.2, §6), on Fair's order as Hadoop's delay scheduler. */
const shadowFamily = [shadowPolicy, kmnPolicy, evenPolicy].map(onFairOrder);

/** ShuffleWatcher variants on the order the paper runs each on (§4.2: Fair or DRF). */
const shuffleWatcher = (Object.keys(shuffleWatcherVariants) as ShuffleWatcherVariantName[]).map((name) => {
  const onDrf = shuffleWatcherVariants[name].fairness === 'drf';
  return onBaseOrder(
    (order) => defineShuffleWatcher(name, order),
    onDrf ? drfOrder : fairOrder,
    onDrf ? 'DRF' : 'Fair',
  );
});

/** NAS variants on Fair's order, Delay's user list (NAS §III-C "We build MTS upon Delay scheduler"). */
const nas = (Object.keys(nasVariants) as NasVariantName[]).map((variant) =>
  onBaseOrder((order) => createNasDefinition(variant, order), fairOrder, 'Fair'),
);

/**
 * FCS variants with maps under Fair's order sharing among jobs: §4 schedules maps by
 * "max-min fair sharing", and §2.1 (Fig. 2) shows HFS sharing slots among jobs.
 */
const fcs = (Object.keys(fcsVariants) as FcsVariantName[]).map((variant) =>
  onBaseOrder(
    (order) => defineFcs(variant, order),
    () => createFairUserOrder({ groupBy: 'job' }),
    'Fair (per job)',
  ),
);

/**
 * Every policy the CLI and the experiment runner know by name, in the order
 * `rackwise policies` lists them.
 *
 * To add a policy: import its package's `PolicyDefinition` above and add it to this
 * list (wrap it in `onBaseOrder` if it refines a fairness order). Names must be unique
 * and kebab-case; the registry refuses duplicates.
 */
export const BUILTIN_POLICIES: readonly AnyPolicyDefinition[] = Object.freeze([
  fifoPolicy,
  fairPolicy,
  capacityPolicy,
  drfPolicy,
  delayOnFair,
  ...shuffleWatcher,
  ...nas,
  ...shadowFamily,
  ...fcs,
]);

/** A fresh registry holding {@link BUILTIN_POLICIES}; register more on it as you like. */
export function defaultPolicyRegistry(): PolicyRegistry {
  return createPolicyRegistry(BUILTIN_POLICIES);
}
