import { MEBIBYTE } from '@rackwise/workloads';
import type { ExperimentPreset } from '../experiment-preset.js';
import { NAS_FIGURE_3_METRICS } from './headline-metrics.js';

/**
 * A cluster and workload small enough to run in a second: 6 nodes in 2 racks (3:1
 * oversubscribed), 30 jobs of ShuffleWatcher's mix shrunk 2,000 times, 3 users. For
 * trying the tools and for tests; it reproduces no paper.
 */
export const TINY_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'tiny',
  description: 'A one-second smoke test: 30 small jobs of the ShuffleWatcher mix on 6 nodes / 2 racks',
  source: 'none (a smoke test)',
  topology: {
    name: 'tiny',
    racks: 2,
    nodesPerRack: 3,
    slots: { model: 'container', containers: 4 },
    nicCapacity: 1e9,
    oversubscription: 3,
  },
  storage: { blockBytes: 16 * MEBIBYTE, replication: 2 },
  workload: {
    kind: 'poisson-mix',
    mix: 'sw-mix2',
    users: 3,
    meanInterarrival: 5,
    jobs: 30,
    sizeScale: 0.0005,
  },
  engine: {},
  metrics: {
    congestionThreshold: 0.8,
    trafficThreshold: 'nas-eq-3',
    headline: NAS_FIGURE_3_METRICS,
    seriesInterval: 5,
  },
  policies: ['fair', 'delay', 'nas'],
  policyConfig: {},
  baseline: 'fair',
  sweeps: { users: [1, 3, 6] },
});
