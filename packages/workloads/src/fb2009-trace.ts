import type { Workload } from '@rackwise/types';
import type { SwimTraceOptions } from './swim-trace.js';
import { loadVendoredSwim, vendoredSwimPath } from './vendored-swim-trace.js';

/** File name of the vendored FB-2009 day trace. */
export const FB2009_TRACE_FILE = 'FB-2009_samples_24_times_1hr_0.tsv';

/** Jobs in the vendored FB-2009 day trace. */
export const FB2009_JOB_COUNT = 5_894;

/**
 * Absolute path of the FB-2009 day trace shipped in this package (`data/swim/`, from the
 * SWIM project, BSD licence beside it). Resolves from the sources and from the built
 * `dist/` alike.
 */
export function fb2009TracePath(): string {
  return vendoredSwimPath(FB2009_TRACE_FILE);
}

/**
 * The FB-2009 day trace (5,894 jobs over 24 hours, Facebook 2009, synthesised by SWIM from
 * a ~600-machine cluster) as a workload — the second trace NAS's and Shadow's claims are
 * mapped on. Options and defaults as {@link readSwimTrace}; the name defaults to `FB-2009`
 * plus the window.
 */
export function loadFb2009(options: SwimTraceOptions = {}): Workload {
  return loadVendoredSwim(FB2009_TRACE_FILE, 'FB-2009', options);
}
