import type { ClusterView, JobView, ServiceGroup, UserOrder } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { MapGroupCache } from './map-groups.js';

/** A job whose pending map count the test sets, counting how often it is read. */
function job(id: number, pending: number) {
  const fake = {
    id,
    pending,
    reads: 0,
    count(kind: string, state: string): number {
      fake.reads++;
      return kind === 'map' && state === 'pending' ? fake.pending : 0;
    },
  };
  return fake;
}

/** An order handing out the given groups, a fresh array per call as the contract allows. */
function orderOf(groups: () => readonly ServiceGroup[]): UserOrder {
  return { name: 'test', order: () => [...groups()] };
}

/** The host's one view, at a state. */
const host = { stateVersion: 0 as number | undefined };
const viewAt = (stateVersion: number | undefined): ClusterView => {
  host.stateVersion = stateVersion;
  return host as unknown as ClusterView;
};
const asJob = (fake: ReturnType<typeof job>) => fake as unknown as JobView;
/** A cache over an order that always hands out the one group. */
const cacheOver = (group: ServiceGroup, pausable: (job: JobView) => boolean = () => false) =>
  new MapGroupCache(
    orderOf(() => [group]),
    pausable,
  );
const keys = (cache: MapGroupCache, view: ClusterView, pause = false) =>
  cache.groups(view, 'map', pause).groups.map((g) => `${g.key}:${g.jobs.map((j) => j.id).join()}`);

describe('MapGroupCache', () => {
  it('cuts a kept group once while the order hands it out with the same version', () => {
    const a = job(1, 2);
    const group = { key: 'user:1', jobs: [asJob(a)], version: 5 };
    const cache = cacheOver(group);
    expect(keys(cache, viewAt(1))).toEqual(['user:1:1']);
    const reads = a.reads;
    expect(keys(cache, viewAt(2))).toEqual(['user:1:1']);
    expect(a.reads).toBe(reads);
  });

  it('forgets what it kept when another host asks', () => {
    const a = job(1, 1);
    const group = { key: 'user:1', jobs: [asJob(a)], version: 5 };
    const cache = cacheOver(group);
    expect(keys(cache, viewAt(1))).toEqual(['user:1:1']);
    a.pending = 0;
    const other = { stateVersion: 1 } as unknown as ClusterView;
    expect(keys(cache, other)).toEqual([]);
  });

  it('cuts a kept group again when its version moves, even on the same object', () => {
    const a = job(1, 1);
    const b = job(2, 0);
    const group: { key: string; jobs: JobView[]; version: number } = {
      key: 'user:1',
      jobs: [asJob(a), asJob(b)],
      version: 5,
    };
    const cache = cacheOver(group);
    expect(keys(cache, viewAt(1))).toEqual(['user:1:1']);
    a.pending = 0;
    b.pending = 3;
    group.version = 6;
    expect(keys(cache, viewAt(2))).toEqual(['user:1:2']);
    b.pending = 0;
    group.version = 7;
    expect(keys(cache, viewAt(3))).toEqual([]);
  });

  it('cuts a group without a version afresh on every state', () => {
    const a = job(1, 1);
    const group = { key: 'user:1', jobs: [asJob(a)] };
    const cache = cacheOver(group);
    expect(keys(cache, viewAt(1))).toEqual(['user:1:1']);
    a.pending = 0;
    expect(keys(cache, viewAt(2))).toEqual([]);
  });

  it('keeps the paused and unpaused cuts of a kept group apart', () => {
    const held = job(1, 1);
    const free = job(2, 1);
    const group = { key: 'user:1', jobs: [asJob(held), asJob(free)], version: 1 };
    const cache = cacheOver(group, (j) => j.id === 1);
    const view = viewAt(1);
    expect(keys(cache, view, true)).toEqual(['user:1:2']);
    expect(cache.groups(view, 'map', true).paused).toBe(true);
    expect(keys(cache, viewAt(2), false)).toEqual(['user:1:1,2']);
    expect(cache.groups(viewAt(3), 'map', false).paused).toBe(false);
    expect(cache.groups(viewAt(4), 'map', true).paused).toBe(true);
  });
});
