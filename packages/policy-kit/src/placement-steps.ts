import type {
  ClusterView,
  Decision,
  JobView,
  MapTaskView,
  NodeId,
  SlotOffer,
  TaskRef,
} from '@rackwise/types';
import { hasReadyReduce } from './jobs-where.js';
import type { LocalityWaits } from './locality-wait.js';
import type { RackReduceGate } from './rack-round-robin.js';
import type { JobStep } from './serve-in-order.js';

/** Evidence of an original map's or a reduce's launch: its rack and the job's maps per rack. */
export interface RackPlacementEvidence {
  readonly [key: string]: number | string | null | readonly number[];
  readonly kind: 'map' | 'reduce';
  readonly rack: number;
  /** The job's maps per rack (the copies meant to be used) at the decision. */
  readonly mapsPerRack: readonly number[];
}

/** Options of {@link delayPlacementSteps}. */
export interface PlacementStepsOptions {
  /** Reason-code prefix (`shadow` gives `shadow/node-local`, `shadow/reduce-round-robin`). */
  readonly prefix: string;
  readonly waits: LocalityWaits;
  readonly gate: RackReduceGate;
  /** Container model: share of containers early reduces may hold. */
  readonly rampupLimit: number;
  /** Build `RackPlacementEvidence` on each launch. */
  readonly evidence: boolean;
  /** The job's maps per rack, kept by the policy (originals counted by the map step). */
  readonly mapsPerRack: (job: JobView, view: ClusterView) => number[];
  /** Told of each original launched, after its rack's count grew. */
  readonly onOriginal?: (job: JobView, task: MapTaskView, node: NodeId, view: ClusterView) => void;
}

/**
 * The two per-job steps Shadow and KMN share (§4.2, §5.2): originals by Delay's locality
 * (`<prefix>/node-local|rack-local|remote`, held as `<prefix>/skip`) counted in their
 * rack, and reduces round-robin over the racks holding maps
 * (`<prefix>/reduce-round-robin|reduce-waited`, held as `<prefix>/reduce-quota`).
 */
export function delayPlacementSteps(options: PlacementStepsOptions): {
  readonly reduce: (job: JobView, offer: SlotOffer, view: ClusterView) => JobStep;
  readonly map: (job: JobView, offer: SlotOffer, view: ClusterView) => JobStep;
} {
  const { prefix, waits, gate, evidence } = options;
  const launch = (task: TaskRef, reason: string, proof: RackPlacementEvidence | undefined): Decision =>
    proof === undefined
      ? { type: 'launch', task, reason }
      : { type: 'launch', task, reason, evidence: proof };
  return {
    reduce(job, offer, view) {
      // Nothing to launch: the gate would answer nothing (and the job's counts are not needed).
      if (!hasReadyReduce(job)) return undefined;
      const counts = options.mapsPerRack(job, view);
      const pick = gate.reduceFor(job, offer, view, counts, options.rampupLimit);
      if (pick === undefined) return undefined;
      if (pick === 'held') return { held: `${prefix}/reduce-quota` };
      const rack = view.topology.rackOf(offer.node);
      return launch(
        pick.task,
        `${prefix}/reduce-${pick.admission}`,
        evidence ? { kind: 'reduce', rack, mapsPerRack: counts.slice() } : undefined,
      );
    },
    map(job, offer, view) {
      const pick = waits.pickMap(job, offer, view);
      if (pick === undefined) return undefined;
      if (pick === 'wait') return { held: `${prefix}/skip` };
      const counts = options.mapsPerRack(job, view);
      const rack = view.topology.rackOf(offer.node);
      counts[rack] = (counts[rack] ?? 0) + 1;
      options.onOriginal?.(job, pick.task, offer.node, view);
      return launch(
        pick.task,
        `${prefix}/${pick.locality}`,
        evidence ? { kind: 'map', rack, mapsPerRack: counts.slice() } : undefined,
      );
    },
  };
}
