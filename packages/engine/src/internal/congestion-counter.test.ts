import { describe, expect, it } from 'vitest';
import { CongestionCounter } from './congestion-counter.js';
import type { NetworkMonitor } from './network-monitor.js';

/** Feeds the counter one utilisation per sample on rack 0's uplink (other links idle). */
function feed(utilisations: readonly number[], hysteresis: number, racks = 1) {
  const counter = new CongestionCounter(racks, 0.8, undefined, hysteresis);
  let current = 0;
  const monitor = {
    utilisation: (rack: number, up: boolean) => (rack === 0 && up ? current : 0),
  } as unknown as NetworkMonitor;
  for (const u of utilisations) {
    current = u;
    counter.sample(monitor, new Float64Array(1), 1);
  }
  return { counter };
}

describe('congestion occurrences with hysteresis', () => {
  it('counts a link hovering at the threshold once, and every raw crossing apart', () => {
    const { counter } = feed([0.85, 0.79, 0.85, 0.79, 0.85, 0.79], 0.1);
    expect(counter.crossings).toBe(3);
    expect(counter.occurrences).toBe(1);
    expect(counter.linkSeconds).toBe(3);
    expect([...counter.rackOccurrences]).toEqual([1]);
  });

  it('starts a new occurrence only after the link fell below threshold − hysteresis', () => {
    const { counter } = feed([0.9, 0.75, 0.9, 0.69, 0.9], 0.1);
    expect(counter.crossings).toBe(3);
    expect(counter.occurrences).toBe(2);
  });

  it('with no hysteresis counts every upward crossing, as the raw count does', () => {
    const { counter } = feed([0.9, 0.79, 0.9, 0.79, 0.9], 0);
    expect(counter.occurrences).toBe(3);
    expect(counter.crossings).toBe(3);
  });

  it('counts a link pinned at 100 % once and for every second it stays there', () => {
    const { counter } = feed(new Array(10).fill(1), 0.1, 2);
    expect(counter.occurrences).toBe(1);
    expect(counter.linkSeconds).toBe(10);
    expect([...counter.rackLinkSeconds]).toEqual([10, 0]);
  });

  it('ends every occurrence when sampling stops on an idle cluster', () => {
    const counter = new CongestionCounter(1, 0.8, undefined, 0.5);
    const monitor = { utilisation: () => 0.9 } as unknown as NetworkMonitor;
    counter.sample(monitor, new Float64Array(1), 1);
    counter.reset();
    counter.sample(monitor, new Float64Array(1), 1);
    // Uplink and downlink, twice each.
    expect(counter.occurrences).toBe(4);
  });
});
