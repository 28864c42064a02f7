import { describe, expect, test } from 'vitest';
import { LocalityWait } from './locality-wait.js';

describe('LocalityWait (Delay scheduling, as SW-relaxed uses it)', () => {
  test('by time: node-local only, rack after the node wait, any after the rack wait too', () => {
    const wait = new LocalityWait({ by: 'time', nodeLocalityWait: 5, rackLocalityWait: 5 });
    expect(wait.allowed('u', 0)).toBe(0);
    wait.skipped('u', 0);
    expect(wait.allowed('u', 4.9)).toBe(0);
    expect(wait.allowed('u', 5)).toBe(1);
    expect(wait.allowed('u', 9.9)).toBe(1);
    expect(wait.allowed('u', 10)).toBe(2);
    wait.launched('u', 0);
    expect(wait.allowed('u', 30)).toBe(0);
  });

  test('a rack-local launch keeps the group at rack level without a new wait', () => {
    const wait = new LocalityWait({ by: 'time', nodeLocalityWait: 5, rackLocalityWait: 5 });
    wait.launched('u', 1);
    expect(wait.allowed('u', 0)).toBe(1);
  });

  test('by skips: counts offers passed over, and never holds more than one step', () => {
    const wait = new LocalityWait({ by: 'skips', nodeLocalityWait: 2, rackLocalityWait: 3 });
    const levels: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      levels.push(wait.allowed('u', 0));
      expect(wait.skipsOf('u')).toBeLessThanOrEqual(3);
      wait.skipped('u', 0);
    }
    expect(levels).toEqual([0, 0, 1, 1, 1, 2]);
  });

  test('waits of 0 do not wait', () => {
    const wait = new LocalityWait({ by: 'time', nodeLocalityWait: 0, rackLocalityWait: 0 });
    wait.skipped('u', 3);
    expect(wait.allowed('u', 3)).toBe(2);
  });
});
