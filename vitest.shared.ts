import { defineConfig } from 'vitest/config';

/**
 * Shared test configuration: sources of sibling packages are resolved through the
 * `@rackwise/source` export condition, so tests never need a prior build.
 */
export const sharedTestConfig = defineConfig({
  resolve: { conditions: ['@rackwise/source', 'import', 'module', 'node', 'default'] },
  ssr: { resolve: { conditions: ['@rackwise/source', 'import', 'node', 'default'] } },
  test: {
    setupFiles: [new URL('./vitest.setup.ts', import.meta.url).pathname],
    include: ['src/**/*.test.ts'],
    passWithNoTests: false,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    pool: 'threads',
    // Property tests run many simulations (more in CI); speed is measured by the bench, not here.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
