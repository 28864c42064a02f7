import type { PolicyDefinition, UserOrder } from '@rackwise/types';
import { createNasPolicy } from './create-nas-policy.js';
import { NAS_DEFAULTS, type NasConfig, type NasTunables } from './nas-config.js';

/** The configurations NAS §IV-B evaluates. */
export type NasVariantName = 'nas' | 'nas-mts' | 'nas-mts-ca' | 'nas-no-tt' | 'nas-no-tt-cr';

/** One evaluated configuration: a one-line summary and the options it sets over {@link NAS_DEFAULTS}. */
export interface NasVariant {
  readonly summary: string;
  readonly config: Partial<NasTunables>;
}

/**
 * The variants of NAS §IV-B as mechanism switches: the full scheduler, MTS alone
 * (Fair-like reduces), MTS + CA-RTS, and NAS without TrafficThreshold in MTS (`w/o TT`)
 * and without both TrafficThreshold and CR-RTS (`w/o both`, Fig. 3(g)).
 */
export const nasVariants: Readonly<Record<NasVariantName, NasVariant>> = Object.freeze({
  nas: { summary: 'NAS: MTS + CA-RTS + CR-RTS (NAS §III)', config: { name: 'nas' } },
  'nas-mts': {
    summary: 'NAS MTS only, Fair-like reduces (NAS §IV-B)',
    config: { name: 'nas-mts', useCaRts: false, useCrRts: false },
  },
  'nas-mts-ca': {
    summary: 'NAS MTS + CA-RTS, no CR-RTS (NAS §IV-B)',
    config: { name: 'nas-mts-ca', useCrRts: false },
  },
  'nas-no-tt': {
    summary: 'NAS without TrafficThreshold in MTS (NAS §IV-B, w/o TT)',
    config: { name: 'nas-no-tt', useTrafficThreshold: false },
  },
  'nas-no-tt-cr': {
    summary: 'NAS without TrafficThreshold and CR-RTS (NAS §IV-B, w/o both)',
    config: { name: 'nas-no-tt-cr', useTrafficThreshold: false, useCrRts: false },
  },
});

/**
 * A registry entry for one NAS variant on a base user order (Fair's for the paper):
 * its name, summary, defaults (paper values + the variant's switches + `overrides`) and
 * a factory that merges a caller's partial configuration over those defaults.
 *
 * @example
 * registry.register(createNasDefinition('nas-mts-ca', fairUserOrder));
 * registry.register(createNasDefinition('nas', fairUserOrder, { name: 'nas-wait', maxWait: 5 }));
 * @throws Error naming the variant when it is unknown.
 */
export function createNasDefinition(
  variant: NasVariantName,
  userOrder: UserOrder,
  overrides: Partial<NasTunables> = {},
): PolicyDefinition<NasConfig> {
  const chosen = nasVariants[variant];
  if (chosen === undefined) {
    throw new Error(
      `createNasDefinition: unknown variant ${String(variant)}; known: ${Object.keys(nasVariants).join(', ')}`,
    );
  }
  const defaults: NasConfig = { ...NAS_DEFAULTS, ...chosen.config, ...overrides, userOrder };
  return {
    name: defaults.name,
    summary: chosen.summary,
    defaults,
    create: (config, context) => createNasPolicy({ ...defaults, ...config }, context),
  };
}
