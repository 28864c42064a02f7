/**
 * @rackwise/workloads — workload readers (SWIM, coflow-benchmark), HDFS block placement
 * and synthetic job generators (DESIGN §5).
 */
export { DEFAULT_BLOCK_BYTES, GIBIBYTE, MEBIBYTE, TEBIBYTE } from './units.js';
export { seededRandom } from './seeded-random.js';
export { DEFAULT_REPLICATION, hdfsPlacement } from './hdfs-placement.js';
export type { HdfsPlacementOptions } from './hdfs-placement.js';
