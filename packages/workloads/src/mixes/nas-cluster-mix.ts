import type { InputClass, ShuffleClass } from '@rackwise/types';
import type { Distribution, JobClassSpec, JobMixTable } from '../job-mix.js';
import { type ReduceRule, SWIM_REDUCE_RULE } from '../reduce-rule.js';
import { MEBIBYTE } from '../units.js';

/** `[min, max, weight]` histogram bins of byte sizes. */
type Bins = readonly (readonly [number, number, number])[];

/** One NAS job class of the FB-2010 day: input and shuffle class, trace jobs, input / shuffle / output bins. */
type ClassRow = readonly [InputClass, ShuffleClass, number, Bins, Bins, Bins];

/**
 * NAS §IV-A's job classes of the vendored FB-2010 trace (small input < 10 MB; shuffle
 * light < 1 MB, medium 1–100 MB, heavy > 100 MB; MB = 2^20), each with its number of
 * trace jobs and histograms of its input, shuffle and output bytes: a `[0, 0]` bin for
 * zeros, then bins between the deciles (and the 95th and 99th percentiles) of the
 * non-zero sizes. Derived from `data/swim/FB-2010_samples_24_times_1hr_0.tsv`; a test
 * re-derives it from the file.
 */
export const FB2010_CLASS_ROWS: readonly ClassRow[] = [
  [
    'small',
    'light',
    11454,
    [
      [0, 0, 412],
      [1, 257, 1104],
      [257, 563, 1104],
      [563, 1282, 1104],
      [1282, 5623, 1104],
      [5623, 15403, 1105],
      [15403, 50158, 1104],
      [50158, 164336, 1104],
      [164336, 568851, 1104],
      [568851, 2438717, 1104],
      [2438717, 4233153, 552],
      [4233153, 8292778, 442],
      [8292778, 10467557, 111],
    ],
    [
      [0, 0, 4655],
      [18, 22, 679],
      [22, 46, 680],
      [46, 60, 680],
      [60, 313, 680],
      [313, 691, 680],
      [691, 2769, 680],
      [2769, 7908, 680],
      [7908, 18246, 680],
      [18246, 136317, 680],
      [136317, 380206, 340],
      [380206, 813280, 272],
      [813280, 1047379, 68],
    ],
    [
      [0, 0, 1036],
      [20, 136, 1041],
      [136, 264, 1042],
      [264, 549, 1042],
      [549, 2168, 1042],
      [2168, 13416, 1042],
      [13416, 36998, 1041],
      [36998, 73636, 1042],
      [73636, 674317, 1042],
      [674317, 10186070, 1042],
      [10186070, 743706988, 521],
      [743706988, 28773741567, 416],
      [28773741567, 5331933462528, 105],
    ],
  ],
  [
    'small',
    'medium',
    764,
    [
      [0, 0, 1],
      [116944, 742865, 76],
      [742865, 1088344, 76],
      [1088344, 1386524, 76],
      [1386524, 1957350, 77],
      [1957350, 2561941, 76],
      [2561941, 3993509, 76],
      [3993509, 5519708, 77],
      [5519708, 6689879, 76],
      [6689879, 8569759, 76],
      [8569759, 9428962, 38],
      [9428962, 10289107, 31],
      [10289107, 10481462, 8],
    ],
    [
      [1049252, 1367288, 76],
      [1367288, 1737907, 76],
      [1737907, 2303795, 77],
      [2303795, 3024212, 76],
      [3024212, 3755409, 77],
      [3755409, 4827843, 76],
      [4827843, 5904980, 76],
      [5904980, 8253003, 77],
      [8253003, 12830359, 76],
      [12830359, 15255342, 38],
      [15255342, 27891943, 31],
      [27891943, 101594307, 8],
    ],
    [
      [69, 1137, 76],
      [1137, 10716, 76],
      [10716, 29303, 77],
      [29303, 58726, 76],
      [58726, 114426, 77],
      [114426, 380360, 76],
      [380360, 781651, 76],
      [781651, 1724518, 77],
      [1724518, 4172988, 76],
      [4172988, 6715229, 38],
      [6715229, 12259196, 31],
      [12259196, 24606844, 8],
    ],
  ],
  [
    'small',
    'heavy',
    8,
    [
      [0, 0, 5],
      [7083676, 7202210, 1],
      [7202210, 8245342, 1],
      [8245342, 8245342, 1],
    ],
    [
      [108796033, 109389440, 1],
      [109389440, 122725299, 1],
      [122725299, 59247133357, 1],
      [59247133357, 1193094746572, 1],
      [1193094746572, 1193094746572, 1],
      [1193094746572, 1659076780229, 1],
      [1659076780229, 1782115661960, 1],
      [1782115661960, 1782115661960, 1],
    ],
    [
      [6477415, 6897984, 1],
      [6897984, 7262944, 1],
      [7262944, 17742992740, 1],
      [17742992740, 676133203666, 1],
      [676133203666, 679215815044, 1],
      [679215815044, 679215815044, 1],
      [679215815044, 749684256697, 1],
      [749684256697, 749684256697, 1],
    ],
  ],
  [
    'large',
    'light',
    5338,
    [
      [10585515, 21824936, 533],
      [21824936, 37713105, 534],
      [37713105, 95362361, 534],
      [95362361, 255661355, 534],
      [255661355, 773516806, 534],
      [773516806, 2795718636, 533],
      [2795718636, 5744953665, 534],
      [5744953665, 21275377204, 534],
      [21275377204, 98787212375, 534],
      [98787212375, 195855458386, 267],
      [195855458386, 1345139405144, 213],
      [1345139405144, 11605055235213, 54],
    ],
    [
      [0, 0, 3669],
      [18, 75, 166],
      [75, 405, 167],
      [405, 1548, 167],
      [1548, 4125, 167],
      [4125, 7887, 167],
      [7887, 21072, 167],
      [21072, 108146, 167],
      [108146, 294822, 167],
      [294822, 531862, 167],
      [531862, 707778, 83],
      [707778, 998690, 67],
      [998690, 1044577, 17],
    ],
    [
      [0, 0, 99],
      [8, 256, 523],
      [256, 1252, 524],
      [1252, 33717, 524],
      [33717, 721559, 524],
      [721559, 5182243, 524],
      [5182243, 24917374, 524],
      [24917374, 71459408, 524],
      [71459408, 503487291, 524],
      [503487291, 3957147574, 524],
      [3957147574, 38745342117, 262],
      [38745342117, 369386477212, 209],
      [369386477212, 11672386861790, 53],
    ],
  ],
  [
    'large',
    'medium',
    2310,
    [
      [10488414, 14173077, 231],
      [14173077, 17188829, 231],
      [17188829, 24269270, 231],
      [24269270, 52052608, 231],
      [52052608, 176402544, 231],
      [176402544, 560219626, 231],
      [560219626, 2795817069, 231],
      [2795817069, 3330076120, 231],
      [3330076120, 13400292681, 231],
      [13400292681, 64306595974, 115],
      [64306595974, 475738512111, 92],
      [475738512111, 2117135214814, 24],
    ],
    [
      [1048944, 3107701, 231],
      [3107701, 8634603, 231],
      [8634603, 11696603, 231],
      [11696603, 18053537, 231],
      [18053537, 22424928, 231],
      [22424928, 28069887, 231],
      [28069887, 35258406, 231],
      [35258406, 48859409, 231],
      [48859409, 69105310, 231],
      [69105310, 86566451, 115],
      [86566451, 100079971, 92],
      [100079971, 104857274, 24],
    ],
    [
      [20, 288, 231],
      [288, 587, 231],
      [587, 3716, 231],
      [3716, 16656, 231],
      [16656, 66538, 231],
      [66538, 164204, 231],
      [164204, 657937, 231],
      [657937, 2947565, 231],
      [2947565, 13849107, 231],
      [13849107, 24380972, 115],
      [24380972, 60632528, 92],
      [60632528, 619260893, 24],
    ],
  ],
  [
    'large',
    'heavy',
    4568,
    [
      [13498426, 89884568, 456],
      [89884568, 382270163, 457],
      [382270163, 1259920970, 457],
      [1259920970, 2796173446, 457],
      [2796173446, 3435872993, 457],
      [3435872993, 5595978059, 456],
      [5595978059, 22349878422, 457],
      [22349878422, 78237577270, 457],
      [78237577270, 248618375197, 457],
      [248618375197, 871151428009, 228],
      [871151428009, 2720614228713, 183],
      [2720614228713, 11718020058182, 46],
    ],
    [
      [104949540, 169388291, 456],
      [169388291, 188570259, 457],
      [188570259, 252029460, 457],
      [252029460, 472840058, 457],
      [472840058, 1017209004, 457],
      [1017209004, 1694310281, 456],
      [1694310281, 5085048097, 457],
      [5085048097, 19248335900, 457],
      [19248335900, 72503806100, 457],
      [72503806100, 242747493520, 228],
      [242747493520, 1980298113447, 183],
      [1980298113447, 29791715280984, 46],
    ],
    [
      [0, 0, 1],
      [27, 12352, 456],
      [12352, 53136, 457],
      [53136, 1420917, 457],
      [1420917, 13190154, 456],
      [13190154, 88828070, 457],
      [88828070, 118804206, 457],
      [118804206, 399002444, 456],
      [399002444, 1957943446, 457],
      [1957943446, 7023270387, 457],
      [7023270387, 53231473406, 228],
      [53231473406, 549040186952, 183],
      [549040186952, 85090049531843, 46],
    ],
  ],
];

function histogram(bins: Bins): Distribution {
  return { kind: 'histogram', bins: bins.map(([min, max, weight]) => ({ min, max, weight })) };
}

/**
 * Reduces of the NAS cluster mix: SWIM's replay rule (64 MiB per reduce) with SWIM's cap
 * for the 40-node cluster of NAS §IV-A (a count above 40 becomes 8).
 */
const NAS_CLUSTER_REDUCES: ReduceRule = Object.freeze({ ...SWIM_REDUCE_RULE, clusterSize: 40 });

function traceClass([input, shuffle, jobs, inputBins, shuffleBins, outputBins]: ClassRow): JobClassSpec {
  return Object.freeze({
    name: `${input}-input-shuffle-${shuffle}`,
    weight: jobs,
    input: { bytes: histogram(inputBins) },
    shuffle: { bytes: histogram(shuffleBins) },
    output: { bytes: histogram(outputBins) },
    reduces: NAS_CLUSTER_REDUCES,
    shuffleClass: shuffle,
  });
}

/**
 * The FB-2010 class mix of NAS §IV-A's 200-job cluster experiment: the job types of Fig. 2
 * (small / large input × shuffle-light / -medium / -heavy) in the trace's proportions
 * (light 68.70 %, medium 12.58 %, heavy 18.72 %; small input 50.02 %), sizes drawn from
 * each class's trace histograms, exponential arrivals with a mean of 14 s, 200 users,
 * 128 MB blocks, replication 3.
 */
export const NAS_CLUSTER_MIX: JobMixTable = Object.freeze({
  name: 'nas-cluster',
  description:
    "NAS real-cluster workload: 200 FB-2010 jobs in the trace's job-type proportions (Fig. 2), exponential arrivals every 14 s on average, 200 users.",
  source: 'NAS §IV-A (real cluster experiment) and Fig. 2, over the FB-2010 trace',
  composition: 'sampled',
  classes: Object.freeze(FB2010_CLASS_ROWS.map(traceClass)),
  defaults: Object.freeze({
    meanInterarrival: 14,
    users: 200,
    blockBytes: 128 * MEBIBYTE,
    replication: 3,
    jobs: 200,
  }),
  assumptions: Object.freeze([
    'Fig. 2 gives only the marginal shares (and its heavy share, 18.82 %, does not add up with the others to 100 %); the joint input × shuffle shares and the sizes come from the vendored trace.',
    "Within a class, input, shuffle and output are drawn independently from the class's histograms (the trace's per-job correlation inside a class is not kept).",
    "The paper does not say how the 200 jobs were scaled to its 40-node cluster; sizes are the trace's (SWIM would scale by 40 / 3000: pass sizeScale).",
    "Reduces follow SWIM's replay rule with its cap for a 40-node cluster.",
  ]),
});
