import type { BlockPlacement, Bytes, UserId } from '@rackwise/types';
import { DEFAULT_REPLICATION, hdfsPlacement } from '../hdfs-placement.js';
import { DEFAULT_QUEUE, type QueueContext, queueResolver } from '../queue-assignment.js';
import { DEFAULT_BLOCK_BYTES } from '../units.js';
import type { WorkloadOptions } from '../workload-options.js';
import { requireInteger, requireName, requirePositive, requirePositiveInteger } from './validate.js';

/** {@link WorkloadOptions} checked and with defaults filled in. */
export interface ResolvedOptions {
  readonly blockBytes: Bytes;
  readonly users: number;
  readonly seed: number;
  readonly sizeScale: number;
  readonly queueOf: (job: QueueContext) => string;
  readonly placement: BlockPlacement;
}

/** Defaults that differ between readers and generators. */
export interface OptionDefaults {
  readonly users: number;
  readonly blockBytes?: Bytes;
  readonly replication?: number;
}

/**
 * Checks the shared options and fills in defaults.
 * @throws Error naming `where` and the offending option.
 */
export function resolveOptions(
  options: WorkloadOptions,
  where: string,
  defaults: OptionDefaults,
): ResolvedOptions {
  if (options === null || typeof options !== 'object') {
    throw new Error(`${where}: options must be an object, got ${String(options)}`);
  }
  if (options.placement !== undefined && options.replication !== undefined) {
    throw new Error(`${where}: give either placement or replication, not both`);
  }
  if (options.name !== undefined) requireName(options.name, where, 'name');
  const replication = requirePositiveInteger(
    options.replication ?? defaults.replication ?? DEFAULT_REPLICATION,
    where,
    'replication',
  );
  const placement = options.placement ?? hdfsPlacement({ replication });
  if (placement === null || typeof placement !== 'object' || typeof placement.place !== 'function') {
    throw new Error(`${where}: placement must be a BlockPlacement (an object with a place method)`);
  }
  return {
    blockBytes: requirePositiveInteger(
      options.blockBytes ?? defaults.blockBytes ?? DEFAULT_BLOCK_BYTES,
      where,
      'blockBytes',
    ),
    users: requirePositiveInteger(options.users ?? defaults.users, where, 'users'),
    seed: requireInteger(options.seed ?? 0, where, 'seed'),
    sizeScale: requirePositive(options.sizeScale ?? 1, where, 'sizeScale'),
    queueOf: queueResolver(options.queue ?? DEFAULT_QUEUE, where),
    placement,
  };
}

/** Brands a user index. */
export function userId(index: number): UserId {
  return index as UserId;
}
