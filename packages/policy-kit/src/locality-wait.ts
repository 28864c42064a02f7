import type { ClusterView, JobId, JobView, MapTaskView, Seconds, SlotOffer } from '@rackwise/types';

/** Which locality a map launch reached: on the offering node, in its rack, or anywhere. */
export type MapLocality = 'node-local' | 'rack-local' | 'remote';

/** Delay scheduling's wait thresholds, in seconds (Zaharia et al., EuroSys 2010). */
export interface LocalityWaitConfig {
  /** Seconds a job waits for a node-local slot before it may launch a rack-local map. */
  readonly nodeLocalityWait: Seconds;
  /** Further seconds it waits for a rack-local slot before it may launch any map. */
  readonly rackLocalityWait: Seconds;
}

/** What {@link LocalityWaits.pickMap} answers for one job. */
export type LocalityPick =
  | { readonly task: MapTaskView; readonly locality: MapLocality }
  | 'wait'
  | undefined;

/** Per-job delay-scheduling state by wait time, shared by the policies that refine Delay. */
export interface LocalityWaits {
  /**
   * The job's pending map for this map slot — node-local if any, rack-local once the job
   * waited `nodeLocalityWait` since its last launch, any once it waited
   * `rackLocalityWait` more; `'wait'` when it must wait (its clock starts), `undefined`
   * when it has no pending map. A launch resets the wait and keeps the level reached.
   */
  pickMap(job: JobView, offer: SlotOffer, view: ClusterView): LocalityPick;
  /** Forget a finished job. */
  forget(job: JobId): void;
}

const LEVELS: readonly MapLocality[] = ['node-local', 'rack-local', 'remote'];

/**
 * Delay scheduling by wait time on its own (Shadow §5.2 sets only `rackLocalityDelay`:
 * `nodeLocalityWait: 0`), for policies that place original maps as Delay does and add
 * their own mechanism on top (Shadow, KMN).
 */
export function createLocalityWaits(config: LocalityWaitConfig): LocalityWaits {
  const state = new Map<JobId, { level: number; since: Seconds | undefined }>();
  return {
    pickMap(job, offer, view) {
      if (job.count('map', 'pending') === 0) return undefined;
      let wait = state.get(job.id);
      if (wait === undefined) {
        wait = { level: 0, since: undefined };
        state.set(job.id, wait);
      }
      const waited = wait.since === undefined ? 0 : view.now - wait.since;
      let allowed = wait.level;
      if (allowed < 2) {
        const toRack = allowed === 0 ? config.nodeLocalityWait : 0;
        if (waited >= toRack) allowed = waited - toRack >= config.rackLocalityWait ? 2 : 1;
      }
      const candidates = [
        job.pendingMapsOnNode(offer.node)[0],
        allowed >= 1 ? job.pendingMapsOnRack(view.topology.rackOf(offer.node))[0] : undefined,
        allowed >= 2 ? job.pendingMaps()[0] : undefined,
      ];
      const level = candidates.findIndex((task) => task !== undefined);
      if (level < 0) {
        wait.since ??= view.now;
        return 'wait';
      }
      wait.level = level;
      wait.since = undefined;
      return { task: candidates[level]!, locality: LEVELS[level]! };
    },
    forget(job) {
      state.delete(job);
    },
  };
}
