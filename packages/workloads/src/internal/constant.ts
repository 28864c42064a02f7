import type { Distribution } from '../job-mix.js';

/** The distribution that is always `value`. */
export function constant(value: number): Distribution {
  return { kind: 'constant', value };
}
