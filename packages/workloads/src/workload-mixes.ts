import type { JobMixTable } from './job-mix.js';
import { FCS_MAP_HEAVY_MIX, FCS_REDUCE_HEAVY_MIX } from './mixes/fcs-mixes.js';
import { GRIDMIX_MIX } from './mixes/gridmix-mix.js';
import { NAS_CLUSTER_MIX } from './mixes/nas-cluster-mix.js';
import { SHADOW_BENCHMARK_MIX } from './mixes/shadow-mix.js';
import {
  SHUFFLEWATCHER_MIX_1,
  SHUFFLEWATCHER_MIX_2,
  SHUFFLEWATCHER_MIX_3,
} from './mixes/shufflewatcher-mixes.js';

const MIXES: readonly JobMixTable[] = [
  SHUFFLEWATCHER_MIX_1,
  SHUFFLEWATCHER_MIX_2,
  SHUFFLEWATCHER_MIX_3,
  NAS_CLUSTER_MIX,
  FCS_MAP_HEAVY_MIX,
  FCS_REDUCE_HEAVY_MIX,
  GRIDMIX_MIX,
  SHADOW_BENCHMARK_MIX,
];

/** Names of the papers' job mixes, sorted: `fcs-map-heavy`, `nas-cluster`, `sw-mix2`, … */
export function workloadMixNames(): string[] {
  return MIXES.map((mix) => mix.name).sort();
}

/**
 * The papers' job mix of that name.
 * @throws Error listing the known names when there is none.
 */
export function workloadMix(name: string): JobMixTable {
  const mix = MIXES.find((candidate) => candidate.name === name);
  if (mix === undefined) {
    throw new Error(
      `unknown workload mix ${JSON.stringify(name)}; known mixes: ${workloadMixNames().join(', ')}`,
    );
  }
  return mix;
}
