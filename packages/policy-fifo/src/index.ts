/** @rackwise/policy-fifo: Hadoop FIFO scheduling policy and its user order. */
export type { FifoConfig } from './fifo-config.js';
export { FIFO_DEFAULTS } from './fifo-config.js';
export { createFifoUserOrder } from './fifo-user-order.js';
export { createFifoPolicy, fifoPolicy } from './fifo-policy.js';
export type { FifoEvidence } from './fifo-policy.js';
