import type { PolicyDefinition, UserOrder } from '@rackwise/types';
import {
  SHUFFLEWATCHER_DEFAULTS,
  SW_RELAXED_LOCALITY,
  type ShuffleWatcherConfig,
  type ShuffleWatcherDefaults,
} from './shufflewatcher-config.js';
import { createShuffleWatcherPolicy } from './shufflewatcher-policy.js';

/** Names of the ShuffleWatcher configurations the paper evaluates (§5.2, §5.3). */
export type ShuffleWatcherVariantName = 'sw-fair' | 'sw-drf' | 'sw-delay' | 'sw-nass' | 'sw-nass-sarp';

/** One evaluated configuration: its switches, and the fairness policy the paper runs it on. */
export interface ShuffleWatcherVariant {
  readonly name: ShuffleWatcherVariantName;
  readonly summary: string;
  /** Whose `UserOrder` to pass: Fair Scheduler's or DRF's (§4.2). */
  readonly fairness: 'fair' | 'drf';
  /** Overrides of {@link SHUFFLEWATCHER_DEFAULTS}. */
  readonly config: Partial<ShuffleWatcherDefaults>;
}

const variant = (
  name: ShuffleWatcherVariantName,
  summary: string,
  fairness: 'fair' | 'drf',
  config: Partial<ShuffleWatcherDefaults>,
): ShuffleWatcherVariant =>
  Object.freeze({ name, summary, fairness, config: Object.freeze({ name, ...config }) });

/**
 * The configurations of the paper's evaluation, as data:
 * - `sw-fair`: NASS + SAMP + SARP on Fair Scheduler (SW-fair, §5.2);
 * - `sw-drf`: the same on DRF (SW-DRF);
 * - `sw-delay`: on Fair with Delay scheduling's relaxed locality, 5 s waits (SW-relaxed);
 * - `sw-nass`: NASS alone, and `sw-nass-sarp`: NASS + SARP — the additive breakdown of
 *   §5.3 (Figs. 12–13), on Fair.
 */
export const shuffleWatcherVariants: Readonly<Record<ShuffleWatcherVariantName, ShuffleWatcherVariant>> =
  Object.freeze({
    'sw-fair': variant('sw-fair', 'ShuffleWatcher (NASS, SAMP, SARP) on Fair Scheduler', 'fair', {}),
    'sw-drf': variant('sw-drf', 'ShuffleWatcher (NASS, SAMP, SARP) on DRF', 'drf', {}),
    'sw-delay': variant(
      'sw-delay',
      "ShuffleWatcher on Fair with Delay scheduling's relaxed locality",
      'fair',
      {
        relaxedLocality: SW_RELAXED_LOCALITY,
      },
    ),
    'sw-nass': variant('sw-nass', 'ShuffleWatcher ablation: NASS alone, on Fair Scheduler', 'fair', {
      samp: false,
      sarp: false,
    }),
    'sw-nass-sarp': variant(
      'sw-nass-sarp',
      'ShuffleWatcher ablation: NASS and SARP, on Fair Scheduler',
      'fair',
      {
        samp: false,
      },
    ),
  });

/**
 * A registrable definition of one variant on a given fairness order: its defaults are
 * {@link SHUFFLEWATCHER_DEFAULTS}, the variant's switches and `userOrder`; `create` lays a
 * caller's (partial) configuration over them.
 *
 * @example
 * registry.register(defineShuffleWatcher('sw-drf', drfUserOrder));
 * @throws Error listing the known variants when `name` is not one of them.
 */
export function defineShuffleWatcher(
  name: ShuffleWatcherVariantName,
  userOrder: UserOrder,
): PolicyDefinition<ShuffleWatcherConfig> {
  const chosen = (shuffleWatcherVariants as Record<string, ShuffleWatcherVariant | undefined>)[name];
  if (chosen === undefined) {
    throw new Error(
      `shufflewatcher: unknown variant ${JSON.stringify(name)}; known variants: ${Object.keys(shuffleWatcherVariants).join(', ')}`,
    );
  }
  const defaults: ShuffleWatcherConfig = Object.freeze({
    ...SHUFFLEWATCHER_DEFAULTS,
    ...chosen.config,
    userOrder,
  });
  const definition: PolicyDefinition<ShuffleWatcherConfig> = {
    name: chosen.name,
    summary: chosen.summary,
    defaults,
    create: (config, context) => createShuffleWatcherPolicy({ ...defaults, ...config }, context),
  };
  return Object.freeze(definition);
}
