import { describe, expect, it } from 'vitest';
import { boundHeapGrowth } from './heap-growth.js';

describe('boundHeapGrowth', () => {
  it('sets the growth when neither the command line nor NODE_OPTIONS chose one', () => {
    expect(boundHeapGrowth(['--conditions=@rackwise/source'], '--max-old-space-size=4096')).toBe(true);
  });

  it("leaves the user's own growth alone, in either spelling and place", () => {
    expect(boundHeapGrowth(['--heap-growing-percent=50'], '')).toBe(false);
    expect(boundHeapGrowth([], '--enable-source-maps --heap_growing_percent=300')).toBe(false);
    expect(boundHeapGrowth(['--heap-growing-percent', '50'], '')).toBe(false);
  });

  it('does not mistake another heap flag for a chosen growth', () => {
    expect(boundHeapGrowth(['--heap-growing-percentile=5', '--max-heap-size=100'], '')).toBe(true);
  });
});
