import type { ShuffleClass } from '@rackwise/types';
import { constant } from '../internal/constant.js';
import type { JobClassSpec, JobMixTable } from '../job-mix.js';
import { GIBIBYTE, MEBIBYTE } from '../units.js';

/** GridMix2 job sizes: how many of the 492 partitions of its full data set a job reads. */
const GRIDMIX_SIZES = Object.freeze([
  // small: part-00000…00002; medium: the part-000*0, *1, *2 globs; large: all.
  { size: 'small', partitions: 3, reduces: 15, weight: 6 },
  { size: 'medium', partitions: 149, reduces: 170, weight: 3 },
  { size: 'large', partitions: 492, reduces: 370, weight: 1 },
] as const);

/** Bytes of one partition: the full data set's 500 GiB over 492 partitions. */
const GRIDMIX_PARTITION_BYTES = Math.round((500 * GIBIBYTE) / 492);

interface GridmixType {
  readonly type: string;
  /** Shuffle / input. */
  readonly shuffle: number;
  /** Output / input. */
  readonly output: number;
  readonly oneReduce: boolean;
  readonly shuffleClass: ShuffleClass;
}

/** GridMix2 job types with the map / reduce "keep" ratios of its README (compressed inputs expand 4×). */
const GRIDMIX_TYPES: readonly GridmixType[] = Object.freeze([
  { type: 'webdata-sort', shuffle: 4, output: 1, oneReduce: false, shuffleClass: 'heavy' },
  { type: 'java-sort', shuffle: 1, output: 1, oneReduce: false, shuffleClass: 'heavy' },
  { type: 'stream-sort', shuffle: 1, output: 1, oneReduce: false, shuffleClass: 'heavy' },
  { type: 'monster-query', shuffle: 0.4, output: 0.04, oneReduce: false, shuffleClass: 'medium' },
  { type: 'combiner', shuffle: 0.05, output: 0.02, oneReduce: false, shuffleClass: 'light' },
  { type: 'webdata-scan', shuffle: 0.008, output: 0.0001, oneReduce: true, shuffleClass: 'light' },
]);

function gridmixClasses(): JobClassSpec[] {
  const classes: JobClassSpec[] = [];
  for (const type of GRIDMIX_TYPES) {
    for (const size of GRIDMIX_SIZES) {
      const spec: JobClassSpec = {
        name: `${type.type}-${size.size}`,
        weight: size.weight,
        input: { bytes: constant(size.partitions * GRIDMIX_PARTITION_BYTES) },
        shuffle: { ratio: constant(type.shuffle) },
        output: { ratio: constant(type.output) },
        reduces: { kind: 'fixed', count: type.oneReduce ? 1 : size.reduces },
        signature: `gridmix-${type.type}`,
        shuffleClass: type.shuffleClass,
      };
      classes.push(Object.freeze(spec));
    }
  }
  return classes;
}

/**
 * A GridMix2-like stream (FCS §5.2 and §5.5 run "Gridmix2" jobs arriving as a Poisson
 * process every 30 s on average). FCS gives no composition, so this takes GridMix2's own
 * job types and sizes from Hadoop's `src/benchmarks/gridmix2` (full data set): sorts of
 * compressed web data (map output 4× the compressed input), Java and streaming text
 * sorts, the first stage of the monster query (keep 10 % map, 40 % reduce of 4×
 * expanded data), word count with a combiner and the web-data scan (keep 0.2 % / 5 %,
 * one reduce); small, medium and large jobs read 3, 149 and all 492 partitions of
 * ~1 GiB, with GridMixRunner's default 15, 170 and 370 reduces.
 */
export const GRIDMIX_MIX: JobMixTable = Object.freeze({
  name: 'gridmix',
  description:
    'GridMix2-like stream: six job types (web-data sort and scan, Java and streaming sort, monster query, combiner) in small / medium / large sizes, Poisson arrivals every 30 s on average.',
  source: 'Preemptive ReduceTask / FCS §5.2 and §5.5 (GridMix2 from Hadoop src/benchmarks/gridmix2)',
  composition: 'sampled',
  classes: Object.freeze(gridmixClasses()),
  defaults: Object.freeze({ meanInterarrival: 30, users: 1, blockBytes: 128 * MEBIBYTE, replication: 3 }),
  assumptions: Object.freeze([
    "FCS gives no GridMix composition; the six types are equally likely and small : medium : large jobs are 6 : 3 : 1 (the paper says small jobs dominate), since GridMix2's gridmix_config.xml counts are not reproduced here.",
    "Sizes are those of GridMix2's full data set (USE_REAL_DATASET: 492 partitions, ~500 GiB on disk per set); compressed data is assumed to expand 4× in the map, as GridMix2's README notes.",
    'The three-stage monster query is modelled by its first stage only (jobs here have no dependencies); compressed outputs are 1/4 of their uncompressed size.',
    'No job count: give jobs or duration (FCS runs 60 to 300 jobs, §5.5).',
  ]),
});
