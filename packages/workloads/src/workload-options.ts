import type { BlockPlacement, Bytes } from '@rackwise/types';
import type { QueueAssignment } from './queue-assignment.js';

/** Options every reader and generator of this package accepts. */
export interface WorkloadOptions {
  /** HDFS block (input split) size; default 128 MiB. Must be an integer ≥ 1. */
  readonly blockBytes?: Bytes;
  /** Number of users U; each job goes to a user drawn uniformly from 0 … U − 1 (seeded). */
  readonly users?: number;
  /** Seed of every random choice (users, sampling, arrivals, sizes); default 0. */
  readonly seed?: number;
  /** Factor applied to every byte size (input, shuffle, output); default 1. */
  readonly sizeScale?: number;
  /** Queue of each job; default `default`. */
  readonly queue?: QueueAssignment;
  /** Replicas per block of the default HDFS placement; default 3. Not with `placement`. */
  readonly replication?: number;
  /** The workload's block placement; default `hdfsPlacement({ replication })`. */
  readonly placement?: BlockPlacement;
  /** Name of the workload in reports; each reader documents its default. */
  readonly name?: string;
}
