import { expect, it } from 'vitest';
import { FILLING_KERNEL_BASE64 } from './internal/filling-kernel-binary.js';

interface KernelBuild {
  compileKernel(): Promise<Buffer>;
}

it('the committed kernel is what kernel/filling.ts compiles to (node scripts/build-kernel.mjs rebuilds it)', async () => {
  const build = (await import(new URL('../scripts/build-kernel.mjs', import.meta.url).href)) as KernelBuild;
  expect((await build.compileKernel()).toString('base64')).toBe(FILLING_KERNEL_BASE64);
}, 60_000);
