import type { Workload } from '@rackwise/types';
import type { SwimTraceOptions } from './swim-trace.js';
import { loadVendoredSwim, vendoredSwimPath } from './vendored-swim-trace.js';

/** File name of the vendored FB-2010 day trace. */
export const FB2010_TRACE_FILE = 'FB-2010_samples_24_times_1hr_0.tsv';

/** Jobs in the vendored FB-2010 day trace (NAS §IV-A: "24442 jobs"). */
export const FB2010_JOB_COUNT = 24_442;

/**
 * Absolute path of the FB-2010 day trace shipped in this package (`data/swim/`, from the
 * SWIM project, BSD licence beside it). Resolves from the sources and from the built
 * `dist/` alike.
 */
export function fb2010TracePath(): string {
  return vendoredSwimPath(FB2010_TRACE_FILE);
}

/**
 * The FB-2010 day trace (24,442 jobs over 24 hours, Facebook 2010, synthesised by SWIM)
 * as a workload — the trace of NAS §IV-A and docs/architecture.md §5. Options and defaults as
 * {@link readSwimTrace}; the name defaults to `FB-2010` plus the window.
 */
export function loadFb2010(options: SwimTraceOptions = {}): Workload {
  return loadVendoredSwim(FB2010_TRACE_FILE, 'FB-2010', options);
}
