import { type OrderedSteps, serveInOrder } from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  JobId,
  JobView,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  ServiceGroup,
  SlotOffer,
} from '@rackwise/types';
import { EVEN_DEFAULTS, type EvenConfig } from './even-config.js';
import { createEvenState, forgetEvenJob } from './internal/even-state.js';
import { mapGroup } from './internal/map-group-walk.js';
import { mapFor } from './internal/rack-share.js';
import { reduceFor } from './internal/reduce-round-robin.js';

/** The Even policy: a scheduler policy that also tells a job's maps per rack. */
export interface EvenPolicy extends SchedulerPolicy {
  /** Maps of a job launched per rack so far (empty for unknown jobs). */
  mapsPerRack(job: JobId): readonly number[];
}

/**
 * Even scheduling (Shadow §6.1, Figs. 12–13): every rack runs the same number of a
 * job's maps, whatever the locality. A rack may take a map while it holds fewer than
 * `⌊s / n⌋` of the job's `s` maps over `n` racks, or `⌊s / n⌋` while fewer than
 * `s mod n` racks took one more — so the counts end within one of each other. Inside the
 * rack's share the job's first pending map is taken (by index: its blocks' placement is
 * random), or with `preferLocal` (default) its node-local, then rack-local one. Reduces go
 * round-robin over the racks (all hold maps), as Shadow's. Jobs in the user order.
 *
 * Reason codes: `even/map`, `even/map-node-local`, `even/map-rack-local`,
 * `even/reduce-round-robin`, `even/reduce-waited`, `even/map-overflow` (the liveness guard
 * `overflowWait`, not in the paper); passes `even/rack-full`,
 * `even/reduce-quota`, `even/no-pending`.
 */
export function createEvenPolicy(
  config: Partial<EvenConfig> | undefined,
  context: PolicyContext,
): EvenPolicy {
  const state = createEvenState(config, context);
  const steps: OrderedSteps = {
    reduce: (job: JobView, offer: SlotOffer, view: ClusterView) => reduceFor(state, job, offer, view),
    readyReduces: state.readyReduces,
    map: (job: JobView, offer: SlotOffer, view: ClusterView) => mapFor(state, job, offer, view),
    mapGroup: (group: ServiceGroup, offer: SlotOffer, view: ClusterView) =>
      mapGroup(state, group, offer, view),
    idle: 'even/no-pending',
  };
  return {
    specificationVersion: 'v1',
    name: state.config.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      return serveInOrder(state.config.userOrder, offer, view, steps);
    },
    onJobCompleted(job: JobView): void {
      forgetEvenJob(state, job);
    },
    mapsPerRack: (job: JobId) => state.launched.get(job)?.counts ?? [],
  } satisfies EvenPolicy;
}

/** Registry entry of {@link createEvenPolicy}; a registry passes the `userOrder`. */
export const evenPolicy: PolicyDefinition<EvenConfig> = Object.freeze({
  name: 'even',
  summary: 'Even scheduling: the same number of each job’s maps on every rack, locality ignored',
  defaults: EVEN_DEFAULTS,
  create: createEvenPolicy,
});
