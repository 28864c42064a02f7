import { fileURLToPath } from 'node:url';
import type { Workload } from '@rackwise/types';
import { type SwimTraceOptions, readSwimTrace } from './swim-trace.js';

/**
 * Absolute path of a SWIM day trace shipped in this package (`data/swim/`, from the SWIM
 * project, BSD licence beside it). Resolves from the sources and from the built `dist/`
 * alike: both sit one directory below the package root, so this file stays in `src/`.
 */
export function vendoredSwimPath(file: string): string {
  return fileURLToPath(new URL(`../data/swim/${file}`, import.meta.url));
}

/**
 * A shipped SWIM day trace as a workload, named `label` plus the window unless
 * `options.name` is given. Options and defaults as {@link readSwimTrace}.
 */
export function loadVendoredSwim(file: string, label: string, options: SwimTraceOptions): Workload {
  const workload = readSwimTrace(vendoredSwimPath(file), options);
  if (options.name !== undefined) return workload;
  return Object.freeze({ ...workload, name: workload.name.replace(file, label) });
}
