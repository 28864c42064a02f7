import { taskCountSkew } from '@rackwise/estimators';
import type { DuplicationMove } from '@rackwise/estimators';
import { roundRobinReduceQuota } from '@rackwise/policy-kit';
import type { NodeId, RackId, Seconds } from '@rackwise/types';

/** A duplicate copy Shadow launched and has not resolved yet. */
export interface DuplicateCopy {
  readonly node: NodeId;
  readonly from: RackId;
  readonly to: RackId;
  readonly start: Seconds;
  /** `D_ij`: bytes it reads over a rack link (0 when its rack holds a replica). */
  readonly crossRackBytes: number;
  /** Rack it reads from when `crossRackBytes > 0`. */
  readonly sourceRack: RackId;
}

/** What Shadow keeps of one job. */
export class ShadowJob {
  /** Maps per rack of the copies whose output the shuffle is meant to use. */
  readonly mapsPerRack: number[];
  readonly originalNode = new Map<number, NodeId>();
  readonly originalStart = new Map<number, Seconds>();
  /** Originals not finished (nor dropped for their copy). */
  readonly outstanding = new Set<number>();
  readonly copies = new Map<number, DuplicateCopy>();
  /** Copies chosen by the model while running: their eq. 11 prediction and start. */
  readonly predictions = new Map<number, { readonly finish: Seconds; readonly start: Seconds }>();
  /** Finish times of chosen copies. */
  readonly chosenFinish: Seconds[] = [];
  /** Algorithm 1's remaining moves, once planned. */
  moves: DuplicationMove[] | undefined;
  /** `T`: when the last original finished. */
  originalsDoneAt: Seconds | undefined;

  constructor(
    racks: number,
    readonly reduceCount: number,
  ) {
    this.mapsPerRack = new Array<number>(racks).fill(0);
  }

  /** Eq. 10 in §4.2's count form with the reduces dealt round-robin; null when no link is used. */
  skew(mapsPerRack: readonly number[] = this.mapsPerRack): number | null {
    const reducers = roundRobinReduceQuota(mapsPerRack, this.reduceCount);
    return taskCountSkew(mapsPerRack, reducers) ?? null;
  }

  /** An original finished or was dropped; records `T` when it was the last. */
  originalResolved(map: number, now: Seconds, allLaunched: boolean): void {
    this.outstanding.delete(map);
    if (allLaunched && this.outstanding.size === 0 && this.originalsDoneAt === undefined) {
      this.originalsDoneAt = now;
    }
  }
}
