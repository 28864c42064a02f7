import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import { CAPACITY_DEFAULTS, type CapacityConfig, type CapacityQueue } from '../capacity-config.js';

/** A validated queue with its maximum filled in. */
export interface ResolvedQueue {
  readonly name: string;
  readonly capacity: number;
  readonly maximumCapacity: number;
}

/** A validated Capacity configuration. */
export interface ResolvedCapacityConfig extends Omit<CapacityConfig, 'queues' | 'defaultQueue'> {
  readonly queues: readonly ResolvedQueue[];
  readonly defaultQueue: string;
}

function resolveQueue(queue: CapacityQueue, i: number): ResolvedQueue {
  const field = `capacity: queues[${i}]`;
  if (typeof queue !== 'object' || queue === null) throw new Error(`${field} must be { name, capacity }`);
  if (typeof queue.name !== 'string' || queue.name === '') {
    throw new Error(`${field}.name must be a non-empty string, got ${String(queue.name)}`);
  }
  const { capacity } = queue;
  if (typeof capacity !== 'number' || !(capacity > 0 && capacity <= 1)) {
    throw new Error(`${field}.capacity must be a fraction in (0, 1], got ${String(capacity)}`);
  }
  const maximumCapacity = queue.maximumCapacity ?? 1;
  if (typeof maximumCapacity !== 'number' || !(maximumCapacity >= capacity && maximumCapacity <= 1)) {
    throw new Error(
      `${field}.maximumCapacity must be a fraction in [capacity = ${capacity}, 1], got ${String(maximumCapacity)}`,
    );
  }
  return { name: queue.name, capacity, maximumCapacity };
}

/** Validates a Capacity configuration over its defaults; every error names the option. */
export function resolveCapacityConfig(config: Partial<CapacityConfig> | undefined): ResolvedCapacityConfig {
  const merged = mergeConfig('capacity', CAPACITY_DEFAULTS, config, ['defaultQueue']);
  if (!Array.isArray(merged.queues) || merged.queues.length === 0) {
    throw new Error(
      `capacity: queues must be a non-empty array of { name, capacity }, got ${String(merged.queues)}`,
    );
  }
  const queues = merged.queues.map(resolveQueue);
  const names = queues.map((q) => q.name);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated !== undefined) throw new Error(`capacity: queue ${JSON.stringify(repeated)} is listed twice`);
  const total = queues.reduce((sum, q) => sum + q.capacity, 0);
  if (total > 1 + 1e-9) {
    throw new Error(`capacity: queue capacities must sum to at most 1, got ${total} (${names.join(', ')})`);
  }
  if (merged.unknownQueue !== 'default' && merged.unknownQueue !== 'error') {
    throw new Error(
      `capacity: unknownQueue must be 'default' or 'error', got ${String(merged.unknownQueue)}`,
    );
  }
  const defaultQueue = merged.defaultQueue ?? (names.includes('default') ? 'default' : names[0]!);
  if (!names.includes(defaultQueue)) {
    throw new Error(
      `capacity: defaultQueue ${JSON.stringify(defaultQueue)} must be one of the queues (${names.join(', ')})`,
    );
  }
  return {
    name: requireName('capacity', merged.name),
    queues,
    unknownQueue: merged.unknownQueue,
    defaultQueue,
    reduceRampupLimit: requireFraction('capacity', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}
