import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../vitest.shared';

export default mergeConfig(
  sharedTestConfig,
  defineConfig({
    test: {
      include: ['network/**/*.test.ts', 'kernel/**/*.test.ts', 'host/**/*.test.ts'],
      typecheck: { include: ['network/**/*.test-d.ts'] },
    },
  }),
);
