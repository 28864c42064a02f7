import type { PolicyContext, PolicyDefinition, UserOrder } from '@rackwise/types';
import { FCS_DEFAULTS, type FcsConfig, type FcsDefaults } from './fcs-config.js';
import { createFcsPolicy } from './fcs-policy.js';

/** Names of the FCS configurations the paper evaluates (§5.2). */
export type FcsVariantName = 'fcs' | 'fcs-kill' | 'fcs-no-migration';

/** One evaluated configuration: overrides of {@link FCS_DEFAULTS}. */
export interface FcsVariant {
  readonly name: FcsVariantName;
  readonly summary: string;
  readonly config: Partial<FcsDefaults>;
}

const variant = (name: FcsVariantName, summary: string, config: Partial<FcsDefaults>): FcsVariant =>
  Object.freeze({ name, summary, config: Object.freeze({ name, ...config }) });

/**
 * The configurations of §5.2, as data:
 * - `fcs`: work-conserving Preemptive ReduceTask, migration after `D` = 60 offers;
 * - `fcs-kill`: kill-based preemption (Fig. 7's comparison): progress and fetched bytes lost;
 * - `fcs-no-migration`: work-conserving, a preempted reduce only resumes on its node (Fig. 6).
 */
export const fcsVariants: Readonly<Record<FcsVariantName, FcsVariant>> = Object.freeze({
  fcs: variant('fcs', 'Fair Completion Scheduler with work-conserving Preemptive ReduceTask', {}),
  'fcs-kill': variant('fcs-kill', 'Fair Completion Scheduler with kill-based reduce preemption', {
    preemptionMode: 'kill',
  }),
  'fcs-no-migration': variant(
    'fcs-no-migration',
    'Fair Completion Scheduler, preempted reduces resume only on their own node',
    { migration: false },
  ),
});

/**
 * A registrable definition of one variant on a given fairness order (maps run under it):
 * its defaults are {@link FCS_DEFAULTS}, the variant's overrides and `userOrder`; `create`
 * lays a caller's (partial) configuration over them.
 *
 * @example
 * registry.register(defineFcs('fcs-kill', createFairUserOrder()));
 * @throws Error listing the known variants when `name` is not one of them.
 */
export function defineFcs(name: FcsVariantName, userOrder: UserOrder): PolicyDefinition<FcsConfig> {
  const chosen = (fcsVariants as Record<string, FcsVariant | undefined>)[name];
  if (chosen === undefined) {
    throw new Error(
      `fcs: unknown variant ${JSON.stringify(name)}; known: ${Object.keys(fcsVariants).join(', ')}`,
    );
  }
  const defaults: FcsConfig = Object.freeze({ ...FCS_DEFAULTS, ...chosen.config, userOrder });
  return Object.freeze({
    name: chosen.name,
    summary: chosen.summary,
    defaults,
    create: (config: Partial<FcsConfig> | undefined, context: PolicyContext) =>
      createFcsPolicy({ ...defaults, ...config }, context),
  });
}
