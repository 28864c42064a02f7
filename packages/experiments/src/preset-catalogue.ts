import type { ExperimentPreset } from './experiment-preset.js';
import { FCS_GRIDMIX_PRESET, FCS_MAP_HEAVY_PRESET, FCS_REDUCE_HEAVY_PRESET } from './presets/fcs-presets.js';
import { NAS_CLUSTER_PRESET, NAS_SIM_PRESET } from './presets/nas-presets.js';
import { SHADOW_BENCH_PRESET, SHADOW_FB_PRESET, SHADOW_TERASORT_PRESET } from './presets/shadow-presets.js';
import {
  SW_DEDICATED_PRESET,
  SW_EC2_CALIBRATED_PRESET,
  SW_EC2_PRESET,
} from './presets/shufflewatcher-presets.js';
import { TINY_PRESET } from './presets/tiny-preset.js';

/** The built-in presets, in the order `rackwise presets` lists them. */
export const BUILTIN_PRESETS: readonly ExperimentPreset[] = Object.freeze([
  NAS_SIM_PRESET,
  NAS_CLUSTER_PRESET,
  SW_EC2_PRESET,
  SW_DEDICATED_PRESET,
  SHADOW_BENCH_PRESET,
  SHADOW_TERASORT_PRESET,
  SHADOW_FB_PRESET,
  FCS_MAP_HEAVY_PRESET,
  FCS_REDUCE_HEAVY_PRESET,
  FCS_GRIDMIX_PRESET,
  TINY_PRESET,
  SW_EC2_CALIBRATED_PRESET,
]);

/** Names of the built-in presets. */
export function presetNames(): readonly string[] {
  return BUILTIN_PRESETS.map((p) => p.name);
}

/** The built-in preset of that name; an unknown name throws, listing the known ones. */
export function experimentPreset(name: string): ExperimentPreset {
  const preset = BUILTIN_PRESETS.find((p) => p.name === name);
  if (preset === undefined) {
    throw new Error(`unknown preset ${JSON.stringify(name)}; known presets: ${presetNames().join(', ')}`);
  }
  return preset;
}
