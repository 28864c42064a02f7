import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared';

// Only type-level tests here: the package has no runtime code.
export default mergeConfig(
  sharedTestConfig,
  defineConfig({ test: { include: [], typecheck: { only: true } } }),
);
