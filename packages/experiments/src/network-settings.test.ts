import { fc, test } from '@fast-check/vitest';
import { type FlowTrace, fabricTopology, replayFlowTrace } from '@rackwise/flow-replay';
import { describe, expect, it } from 'vitest';
import { NETWORK_SETTINGS, networkSetting } from './network-settings.js';

/** `flows` flows of `bytes` from hosts of rack 1 to host 0, starting within `spread` seconds. */
function fanIn(flows: number, bytes: number, spread: number): FlowTrace {
  const fabric = {
    racks: 2,
    nodesPerRack: flows,
    nicBitsPerSecond: 1e9,
    rackUplinkBitsPerSecond: 1e9 * flows,
    rackDownlinkBitsPerSecond: 1e9 * flows,
  };
  const topology = fabricTopology(fabric);
  const path = new Int32Array(4);
  return {
    fabric,
    flows: Array.from({ length: flows }, (_, i) => {
      const count = topology.flowPath((flows + i) as never, 0 as never, path);
      return {
        id: i,
        start: (spread * i) / flows,
        source: flows + i,
        destination: 0,
        bytes,
        kind: 'shuffle' as const,
        job: 0,
        task: 0,
        status: 'done' as const,
        end: 0,
        delivered: bytes,
        links: Array.from(path.subarray(0, count)),
      };
    }),
  };
}

describe('network settings', () => {
  it('names the congestion-cost term and takes its figures as cost.<key>', () => {
    expect(NETWORK_SETTINGS['congestion-cost']!.settings).toEqual({ congestionLoss: 'congestion-cost' });
    expect(networkSetting('congestion-cost,cost.bufferBytes=32768,cost.windowSegments=4')).toEqual({
      congestionLoss: 'congestion-cost',
      congestionCost: { bufferBytes: 32768, windowSegments: 4 },
    });
    expect(() => networkSetting('congestion-cost,cost.windowSegments=0')).toThrow(/positive number/);
    expect(() => networkSetting('cost.fastRetransmitWindow=4')).toThrow(/unknown network setting key/);
  });

  test.prop([
    fc.integer({ min: 1, max: 40 }),
    fc.integer({ min: 1, max: 5e7 }),
    fc.double({ min: 0, max: 0.5, noNaN: true }),
  ])('congestionLoss none times every flow exactly as the exact model does', (flows, bytes, spread) => {
    const trace = fanIn(flows, bytes, spread);
    expect(replayFlowTrace(trace, networkSetting('congestionLoss=none')).times).toEqual(
      replayFlowTrace(trace, NETWORK_SETTINGS.exact!.settings).times,
    );
  });

  it('the congestion-cost term stretches a fan-in its port cannot hold, and leaves a small one alone', () => {
    const last = (trace: FlowTrace, name: string) =>
      Math.max(...replayFlowTrace(trace, NETWORK_SETTINGS[name]!.settings).times.map((t) => t.end));
    expect(last(fanIn(4, 256e3, 0), 'congestion-cost')).toBe(last(fanIn(4, 256e3, 0), 'exact'));
    expect(last(fanIn(64, 256e3, 0), 'congestion-cost')).toBeGreaterThan(
      1.1 * last(fanIn(64, 256e3, 0), 'exact'),
    );
  });
});
