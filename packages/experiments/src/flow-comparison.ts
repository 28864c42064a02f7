import type { FlowTime, FlowTrace, FlowTraceRecord } from '@rackwise/flow-replay';

/** A flow-size bucket, bytes in [min, max). */
export interface SizeBucket {
  readonly name: string;
  readonly minBytes: number;
  readonly maxBytes: number;
}

/** The buckets the field reports flow completion times by. */
export const SIZE_BUCKETS: readonly SizeBucket[] = [
  { name: '< 100 KB', minBytes: 0, maxBytes: 1e5 },
  { name: '100 KB – 1 MB', minBytes: 1e5, maxBytes: 1e6 },
  { name: '1 – 10 MB', minBytes: 1e6, maxBytes: 1e7 },
  { name: '10 – 100 MB', minBytes: 1e7, maxBytes: 1e8 },
  { name: '≥ 100 MB', minBytes: 1e8, maxBytes: Number.POSITIVE_INFINITY },
];

/** p50, p90 and p99 of a sample. */
export interface Quantiles {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
}

/** One bucket's flow completion times and slowdowns under the model and the reference. */
export interface BucketComparison {
  readonly bucket: string;
  readonly flows: number;
  readonly model: { readonly fct: Quantiles; readonly slowdown: Quantiles };
  readonly reference: { readonly fct: Quantiles; readonly slowdown: Quantiles };
  /** model ÷ reference − 1 of each FCT quantile (the distributions compared, as the field does). */
  readonly fctError: Quantiles;
}

/** Paired relative errors (model ÷ reference − 1) over some units (flows, reduces, jobs). */
export interface PairedError {
  readonly count: number;
  /** Median and 90th percentile of |error|. */
  readonly absP50: number;
  readonly absP90: number;
  /** Median signed error: > 0 the model is slower. */
  readonly bias: number;
  /** The reference's median of the quantity, seconds. */
  readonly referenceMedian: number;
  readonly modelMedian: number;
}

/** How far a model's flow timings are from a reference's (packet-level TCP) on the same trace. */
export interface FlowComparison {
  readonly flows: number;
  readonly buckets: readonly BucketComparison[];
  /** Per flow of at least `largeFlowBytes`: FCT error paired flow by flow. */
  readonly largeFlows: PairedError;
  /** Per reduce: shuffle completion (last fetch end − first fetch start), paired. */
  readonly reduces: PairedError;
  /** Per job: shuffle completion (last fetch end − first fetch start over its reduces), paired. */
  readonly jobs: PairedError;
  /**
   * Time from the first compared flow's start to the last byte, model ÷ reference − 1: a
   * trace cut from a run minutes in is judged on its own span, not on the minutes before.
   */
  readonly makespanError: number;
  /** Ids of the trace's completed flows one side did not time (left out of every figure). */
  readonly missing: { readonly model: readonly number[]; readonly reference: readonly number[] };
}

/** The linear-interpolated q-quantile of sorted values (NaN when empty). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

function quantiles(values: number[]): Quantiles {
  const sorted = values.slice().sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99) };
}

function paired(reference: readonly number[], model: readonly number[]): PairedError {
  const errors: number[] = [];
  for (let i = 0; i < reference.length; i++) {
    const r = reference[i]!;
    if (r > 0) errors.push(model[i]! / r - 1);
  }
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const signed = errors.slice().sort((a, b) => a - b);
  const median = (v: readonly number[]): number =>
    quantile(
      v.slice().sort((a, b) => a - b),
      0.5,
    );
  return {
    count: errors.length,
    absP50: quantile(abs, 0.5),
    absP90: quantile(abs, 0.9),
    bias: quantile(signed, 0.5),
    referenceMedian: median(reference),
    modelMedian: median(model),
  };
}

/** The least time a flow could take alone: its bytes over the slowest link it crosses. */
function idealSeconds(flow: FlowTraceRecord, trace: FlowTrace): number {
  const { fabric } = trace;
  const nodes = fabric.racks * fabric.nodesPerRack;
  let slowest = Number.POSITIVE_INFINITY;
  for (const link of flow.links) {
    const bits =
      link < 2 * nodes
        ? fabric.nicBitsPerSecond
        : link < 2 * nodes + fabric.racks
          ? fabric.rackUplinkBitsPerSecond
          : fabric.rackDownlinkBitsPerSecond;
    slowest = Math.min(slowest, bits / 8);
  }
  return flow.bytes / slowest;
}

/** Shuffle completion per group of shuffle flows (first start to last end), in key order. */
function shuffleSpans(
  trace: FlowTrace,
  ends: ReadonlyMap<number, number>,
  key: (f: FlowTraceRecord) => string,
): Map<string, number> {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  for (const f of trace.flows) {
    if (f.kind !== 'shuffle' || f.status !== 'done') continue;
    const end = ends.get(f.id);
    if (end === undefined) continue;
    const k = key(f);
    first.set(k, Math.min(first.get(k) ?? Number.POSITIVE_INFINITY, f.start));
    last.set(k, Math.max(last.get(k) ?? Number.NEGATIVE_INFINITY, end));
  }
  const spans = new Map<string, number>();
  for (const [k, start] of first) spans.set(k, last.get(k)! - start);
  return spans;
}

function pairedSpans(reference: Map<string, number>, model: Map<string, number>): PairedError {
  const keys = [...reference.keys()].filter((k) => model.has(k)).sort();
  return paired(
    keys.map((k) => reference.get(k)!),
    keys.map((k) => model.get(k)!),
  );
}

/**
 * Compares a model's timing of a trace's flows with a reference timing of the same flows
 * (docs/network-validation.md, "Error"): per size bucket the FCT and slowdown quantiles
 * of both and the FCT quantiles' error; per large flow, per reduce and per job the paired
 * error. Only flows that delivered all their bytes in the trace and that both timings
 * time are compared; the ones either side lacks are named in `missing`.
 */
export function compareFlowTimes(
  trace: FlowTrace,
  model: readonly FlowTime[],
  reference: readonly FlowTime[],
  largeFlowBytes = 1e5,
): FlowComparison {
  const modelEnd = new Map(model.map((t) => [t.id, t.end]));
  const referenceEnd = new Map(reference.map((t) => [t.id, t.end]));
  const completed = trace.flows.filter((f) => f.status === 'done');
  const missing = {
    model: completed.filter((f) => !modelEnd.has(f.id)).map((f) => f.id),
    reference: completed.filter((f) => !referenceEnd.has(f.id)).map((f) => f.id),
  };
  const done = completed.filter((f) => modelEnd.has(f.id) && referenceEnd.has(f.id));
  const timed: FlowTrace = { fabric: trace.fabric, flows: done };
  const buckets = SIZE_BUCKETS.map((bucket): BucketComparison | undefined => {
    const inBucket = done.filter((f) => f.bytes >= bucket.minBytes && f.bytes < bucket.maxBytes);
    if (inBucket.length === 0) return undefined;
    const fct = (ends: Map<number, number>) => inBucket.map((f) => ends.get(f.id)! - f.start);
    const slow = (ends: Map<number, number>) =>
      inBucket.map((f) => (ends.get(f.id)! - f.start) / idealSeconds(f, trace));
    const m = quantiles(fct(modelEnd));
    const r = quantiles(fct(referenceEnd));
    return {
      bucket: bucket.name,
      flows: inBucket.length,
      model: { fct: m, slowdown: quantiles(slow(modelEnd)) },
      reference: { fct: r, slowdown: quantiles(slow(referenceEnd)) },
      fctError: { p50: m.p50 / r.p50 - 1, p90: m.p90 / r.p90 - 1, p99: m.p99 / r.p99 - 1 },
    };
  }).filter((b): b is BucketComparison => b !== undefined);
  const large = done.filter((f) => f.bytes >= largeFlowBytes);
  const byReduce = (f: FlowTraceRecord): string => `${f.job}/${f.task}`;
  const byJob = (f: FlowTraceRecord): string => `${f.job}`;
  const firstStart = done.reduce((least, f) => Math.min(least, f.start), Number.POSITIVE_INFINITY);
  const span = (ends: Map<number, number>): number =>
    done.reduce((most, f) => Math.max(most, ends.get(f.id)!), Number.NEGATIVE_INFINITY) - firstStart;
  return {
    flows: done.length,
    buckets,
    largeFlows: paired(
      large.map((f) => referenceEnd.get(f.id)! - f.start),
      large.map((f) => modelEnd.get(f.id)! - f.start),
    ),
    reduces: pairedSpans(
      shuffleSpans(timed, referenceEnd, byReduce),
      shuffleSpans(timed, modelEnd, byReduce),
    ),
    jobs: pairedSpans(shuffleSpans(timed, referenceEnd, byJob), shuffleSpans(timed, modelEnd, byJob)),
    makespanError: done.length === 0 ? Number.NaN : span(modelEnd) / span(referenceEnd) - 1,
    missing,
  };
}
