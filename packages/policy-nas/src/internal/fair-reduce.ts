import type { Decision } from '@rackwise/types';
import { launch, pass } from './job-facts.js';
import { type NasState, type TaskRequest, resetUnlessPseudocode } from './nas-state.js';

/**
 * Fair-like reduces (the `nas-mts` variant, and the uncongested case without CA-RTS):
 * the first ready job of the first user with one, as Fair serves reduces.
 */
export function scheduleReduceInOrder(state: NasState, request: TaskRequest): Decision {
  for (const group of state.config.userOrder.order(request.view, request.kind)) {
    for (const job of state.readyReduces.of(group, request.view)) {
      const reduce = job.waitingReduces()[0];
      if (reduce === undefined) continue;
      resetUnlessPseudocode(state, state.reduceSkips, group.key);
      return launch(reduce, 'nas/fair-reduce');
    }
  }
  return pass('nas/no-ready-reduce');
}
