import { classifyShuffleBySize } from '@rackwise/predictor';
import type { Decision, JobView, ShuffleClass } from '@rackwise/types';
import { launch, pass } from './job-facts.js';
import { type NasState, type TaskRequest, resetUnlessPseudocode } from './nas-state.js';

/** Category of Algorithm 3 lines 3–8: unmet heavy, medium, light (0–2), then met light, medium, heavy (3–5). */
const CATEGORY: Readonly<Record<'unmet' | 'met', Readonly<Record<ShuffleClass, number>>>> = {
  unmet: { heavy: 0, medium: 1, light: 2 },
  met: { light: 3, medium: 4, heavy: 5 },
};

/** The best job so far and what it was ranked by (Algorithm 3's keys, smaller first). */
interface Ranked {
  readonly job: JobView;
  readonly met: boolean;
  readonly shuffleClass: ShuffleClass;
  readonly category: number;
  readonly delayed: number;
  readonly mapsLeft: number;
  readonly shuffle: number;
}

/**
 * CA-RTS — NAS Algorithm 3 (§III-D). Takes the first user of the list with a job past
 * its map completion threshold and a waiting reduce, and launches a reduce of its best
 * job on the requesting node's rack: by category (ReduceNum of eq. 4 unmet on the rack:
 * heavy, medium, light; met: light, medium, heavy), then jobs with reduces tagged
 * *delayed* by CR-RTS, then jobs whose maps are all done (MapProgressRate = 100 %),
 * then larger predicted shuffle first when unmet, smaller first when met.
 */
export function scheduleReduceCaRts(state: NasState, request: TaskRequest): Decision {
  const { view } = request;
  const rack = view.topology.rackOf(request.node);
  for (const group of state.config.userOrder.order(view, request.kind)) {
    let best: Ranked | undefined;
    for (const job of state.readyReduces.of(group, view)) {
      const shuffle = view.predictor.shuffleBytes(job);
      const shuffleClass = classifyShuffleBySize(shuffle, state.config.shuffleClassThresholds);
      const met = job.reducesOnRack(rack) >= state.reduceNums.onRack(job, rack, view.topology);
      const category = CATEGORY[met ? 'met' : 'unmet'][shuffleClass];
      const delayed = state.delayed.has(job.id) ? 0 : 1;
      const mapsLeft = job.count('map', 'completed') === job.mapCount ? 0 : 1;
      const signed = met ? shuffle : -shuffle;
      if (
        best === undefined ||
        before(category, delayed, mapsLeft, signed, best.category, best.delayed, best.mapsLeft, best.shuffle)
      ) {
        best = { job, met, shuffleClass, category, delayed, mapsLeft, shuffle: signed };
      }
    }
    if (best === undefined) continue;
    const reduce = best.job.waitingReduces()[0];
    if (reduce === undefined) continue;
    resetUnlessPseudocode(state, state.reduceSkips, group.key);
    return launch(reduce, `ca-rts/${best.met ? 'met' : 'unmet'}-${best.shuffleClass}`);
  }
  return pass('ca-rts/no-ready-reduce');
}

/** Whether the key (category, delayed, maps left, signed shuffle) sorts strictly before the other. */
function before(
  category: number,
  delayed: number,
  mapsLeft: number,
  shuffle: number,
  bestCategory: number,
  bestDelayed: number,
  bestMapsLeft: number,
  bestShuffle: number,
): boolean {
  if (category !== bestCategory) return category < bestCategory;
  if (delayed !== bestDelayed) return delayed < bestDelayed;
  if (mapsLeft !== bestMapsLeft) return mapsLeft < bestMapsLeft;
  return shuffle < bestShuffle;
}
