import type { UserId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { UserChangeLog } from './user-change-log.js';

describe('UserChangeLog', () => {
  it('answers the users of the last 4,096 steps across the ring, and nothing older', () => {
    const log = new UserChangeLog();
    for (let v = 1; v <= 5000; v++) log.record(v, (v % 7) as UserId);
    const since = 5000 - 4096;
    const users = log.since(since, 5000)!;
    expect(users).toHaveLength(4096);
    expect(users[0]).toBe((since + 1) % 7);
    expect(users.at(-1)).toBe(5000 % 7);
    expect(log.since(since - 1, 5000)).toBeUndefined();
    expect(log.since(5000, 5000)).toEqual([]);
    expect(log.since(5001, 5000)).toBeUndefined();
    expect(log.since(-1, 5000)).toBeUndefined();
  });
});
