import type { Decision, JobView } from '@rackwise/types';
import { launch, pass, shuffleClassOf } from './job-facts.js';
import { type NasState, type TaskRequest, resetUnlessPseudocode } from './nas-state.js';

/**
 * CR-RTS — NAS Algorithm 4 (§III-E). Walks the user list; below its reduce skip
 * maximum `D^r`, a user launches a reduce of a shuffle-light job (its first in the
 * order the user order serves them) and its counter resets, or, with none, is skipped
 * (`D_i^r++`). Either way the waiting reduces of its shuffle-medium and shuffle-heavy
 * ready jobs are tagged *delayed*, so CA-RTS favours them later. At the maximum the user
 * launches a reduce of any job — the one with the smallest predicted shuffle, the least
 * load on a congested network.
 */
export function scheduleReduceCrRts(state: NasState, request: TaskRequest): Decision {
  const { view } = request;
  const thresholds = state.config.shuffleClassThresholds;
  let skipped = false;
  for (const group of state.config.userOrder.order(view, request.kind)) {
    const ready = state.readyReduces.of(group, view);
    if (ready.length === 0) continue;

    if (state.reduceSkips.reachedMax(group.key, view.now)) {
      const job = leastShuffle(ready, request);
      const reduce = job.waitingReduces()[0];
      if (reduce === undefined) continue;
      resetUnlessPseudocode(state, state.reduceSkips, group.key);
      return launch(reduce, 'cr-rts/max-skips');
    }
    let light: JobView | undefined;
    for (const job of ready) {
      if (shuffleClassOf(job, view, thresholds) !== 'light') state.delayed.add(job.id);
      else light ??= job;
    }
    const reduce = light?.waitingReduces()[0];
    if (reduce !== undefined) {
      state.reduceSkips.reset(group.key);
      return launch(reduce, 'cr-rts/light');
    }
    state.reduceSkips.skip(group.key, view.now);
    skipped = true;
  }
  return pass(skipped ? 'cr-rts/skipped' : 'cr-rts/no-ready-reduce');
}

/** The ready job with the smallest predicted shuffle (the first of equals). */
function leastShuffle(ready: readonly JobView[], request: TaskRequest): JobView {
  let best = ready[0] as JobView;
  let bestShuffle = request.view.predictor.shuffleBytes(best);
  for (const job of ready) {
    const shuffle = request.view.predictor.shuffleBytes(job);
    if (shuffle < bestShuffle) {
      best = job;
      bestShuffle = shuffle;
    }
  }
  return best;
}
