import type { ClusterView, JobView, NodeId } from '@rackwise/types';
import type { NasConfig } from '../nas-config.js';
import { rackLoad, shuffleClassOf } from './job-facts.js';
import type { NasState } from './nas-state.js';

/** Whether CR-RTS's map pause holds on the node; racks seen uncongested again leave it. */
export function pauseActive(state: NasState, view: ClusterView, node: NodeId): boolean {
  const config = state.config;
  if (!config.useCrRts || state.crRtsRacks.size === 0) return false;
  for (const rack of state.crRtsRacks) {
    if (rackLoad(view, rack) < config.congestionThreshold) state.crRtsRacks.delete(rack);
  }
  if (config.mapPauseScope === 'cluster') return state.crRtsRacks.size > 0;
  return state.crRtsRacks.has(view.topology.rackOf(node));
}

/** Whether the pause, where it holds, holds this job's maps (`mapPauseJobs`, §III-E). */
export function pausedByCrRts(config: NasConfig, job: JobView, view: ClusterView): boolean {
  if (shuffleClassOf(job, view, config.shuffleClassThresholds) === 'light') return false;
  if (config.mapPauseJobs === 'predicted') return view.predictor.isPredicted(job);
  if (config.mapPauseJobs === 'before-slowstart') return !job.reducesReady;
  return true;
}
