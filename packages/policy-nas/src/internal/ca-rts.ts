import type { Decision, JobView, ShuffleClass } from '@rackwise/types';
import { launch, pass, shuffleClassOf } from './job-facts.js';
import { type NasState, type TaskRequest, resetUnlessPseudocode } from './nas-state.js';
import { reduceNumOnRack } from './reduce-num-on-rack.js';

/** Category of Algorithm 3 lines 3–8: unmet heavy, medium, light (0–2), then met light, medium, heavy (3–5). */
const CATEGORY: Readonly<Record<'unmet' | 'met', Readonly<Record<ShuffleClass, number>>>> = {
  unmet: { heavy: 0, medium: 1, light: 2 },
  met: { light: 3, medium: 4, heavy: 5 },
};

interface Ranked {
  readonly job: JobView;
  readonly met: boolean;
  readonly shuffleClass: ShuffleClass;
  /** Lexicographic key, smaller first. */
  readonly key: readonly number[];
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
      const shuffleClass = shuffleClassOf(job, view, state.config.shuffleClassThresholds);
      const met = job.reducesOnRack(rack) >= reduceNumOnRack(job, rack, view.topology);
      const shuffle = view.predictor.shuffleBytes(job);
      const key = [
        CATEGORY[met ? 'met' : 'unmet'][shuffleClass],
        state.delayed.has(job.id) ? 0 : 1,
        job.count('map', 'completed') === job.mapCount ? 0 : 1,
        met ? shuffle : -shuffle,
      ];
      if (best === undefined || before(key, best.key)) best = { job, met, shuffleClass, key };
    }
    if (best === undefined) continue;
    const reduce = best.job.waitingReduces()[0];
    if (reduce === undefined) continue;
    resetUnlessPseudocode(state, state.reduceSkips, group.key);
    return launch(reduce, `ca-rts/${best.met ? 'met' : 'unmet'}-${best.shuffleClass}`);
  }
  return pass('ca-rts/no-ready-reduce');
}

/** Whether key `a` sorts strictly before `b`. */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x !== y) return x < y;
  }
  return false;
}
