import type { TaskState } from '@rackwise/types';

/** Task states as small integers in the typed arrays. */
export const PENDING = 0;
export const RUNNING = 1;
export const SUSPENDED = 2;
export const COMPLETED = 3;

/** The `TaskState` name of each integer state. */
export const STATE_NAMES: readonly TaskState[] = ['pending', 'running', 'suspended', 'completed'];

/** Task kinds of an attempt (`AttemptTable.kind`). */
export const KIND_MAP = 0;
export const KIND_REDUCE = 1;

/** Attempt phases. */
export const PHASE_READ = 1;
export const PHASE_MAP_COMPUTE = 2;
export const PHASE_MIGRATE = 3;
export const PHASE_SHUFFLE = 4;
export const PHASE_REDUCE_COMPUTE = 5;
export const PHASE_WRITE = 6;
/** A resumed reduce restoring its state (work-conserving preemption's overhead). */
export const PHASE_RESTORE = 7;

/** Flow kinds (also the index of the traffic counters). */
export const FLOW_MAP_INPUT = 0;
export const FLOW_SHUFFLE = 1;
export const FLOW_OUTPUT = 2;
export const FLOW_MIGRATION = 3;

/** Event kinds of the queue. */
export const EVENT_MAP_DONE = 1;
export const EVENT_REDUCE_DONE = 2;
export const EVENT_HEARTBEAT = 3;
export const EVENT_MONITOR = 4;
export const EVENT_TICK = 5;
export const EVENT_SERIES = 6;
export const EVENT_RESTORE_DONE = 7;
/** A shuffling reduce's next poll for map-completion events (`mapEventPoll`). */
export const EVENT_SHUFFLE_POLL = 8;
/** A node's container slots change (`Workload.slotTimeline`). */
export const EVENT_SLOTS = 9;

/** An empty live array handed out where a look-up has nothing. */
export const EMPTY: readonly never[] = Object.freeze([]);
