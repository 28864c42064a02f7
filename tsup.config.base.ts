import type { Options } from 'tsup';

/**
 * The one build configuration every package re-uses: ESM, declarations, source maps.
 * A package passes its own entry points (and, for a CLI, a banner) and nothing else.
 */
export function packageBuild(overrides: Options = {}): Options {
  return {
    entry: ['src/index.ts'],
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: false,
    treeshake: true,
    ...overrides,
  };
}
