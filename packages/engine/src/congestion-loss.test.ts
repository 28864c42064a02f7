import { congestionCostFraction, incastGoodputFraction } from '@rackwise/topology';
import { describe, expect, it } from 'vitest';
import { launchMapsOn } from '../test/launch-on-node.js';
import { fixedPlacement, jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

describe('the congestion-loss network model', () => {
  // 40 maps on node 0 read their 100 MB blocks from node 1 in the other rack at once,
  // through 1 Gbps rack links and NICs: 40 concurrent flows on every link of the path.
  const run = (congestionLoss: 'none' | 'incast' | 'congestion-cost') =>
    simulate({
      topology: testTopology({
        racks: 2,
        nodesPerRack: 1,
        slots: { model: 'container', containers: 40 },
        nicCapacity: 1e9,
        rackUplinkCapacity: 1e9,
        rackDownlinkCapacity: 1e9,
      }),
      workload: workload(
        [jobSpec({ inputBytes: 40 * 100e6, blockBytes: 100e6 })],
        fixedPlacement(() => [1]),
      ),
      policy: launchMapsOn(0),
      seed: 1,
      parameters: { heartbeatInterval: 1e-3, mapOverhead: 0, mapRate: 1e12, congestionLoss },
    });

  it('is off by default: 4 GB through 125 MB/s take 32 s', () => {
    expect(run('none').metrics.makespan).toBeCloseTo(32, 0);
  });

  it('stretches the same reads by the goodput the incast model leaves 40 flows', () => {
    const fraction = incastGoodputFraction(40, 1.25e8);
    expect(fraction).toBeLessThan(1);
    // The flows finish together, so the link stays at 40 flows until the end.
    expect(run('incast').metrics.makespan).toBeCloseTo(32 / fraction, 0);
  });

  it('stretches them by the goodput the congestion-cost term leaves 40 flows, and no other way', () => {
    const fraction = congestionCostFraction(40, 1.25e8);
    expect(fraction).toBeLessThan(1);
    const none = run('none');
    const cost = run('congestion-cost');
    expect(cost.metrics.makespan).toBeCloseTo(32 / fraction, 0);
    expect(cost.jobs.length).toBe(none.jobs.length);
  });
});
