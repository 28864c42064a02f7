import type { ClusterView, JobView, ServiceGroup, UserOrder } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { type MapGroup, MapGroupCache, type MapGroups } from './map-groups.js';

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
/** Every group of a cut, walked to its end. */
const all = (groups: MapGroups): MapGroup[] => {
  const out: MapGroup[] = [];
  for (let group = groups.at(0); group !== undefined; group = groups.at(out.length)) out.push(group);
  return out;
};
/** A cache over an order of one-job users, one per fake job, that never changes. */
const cacheOverUsers = (
  fakes: ReturnType<typeof job>[],
  pausable: (job: JobView) => boolean = () => false,
) => {
  const groups = fakes.map((fake, u) => ({ key: `user:${u}`, jobs: [asJob(fake)], version: 1 }));
  return new MapGroupCache(
    orderOf(() => groups),
    pausable,
  );
};
const keys = (cache: MapGroupCache, view: ClusterView, pause = false) =>
  all(cache.groups(view, 'map', pause)).map((g) => `${g.key}:${g.jobs.map((j) => j.id).join()}`);

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

  it('cuts only the groups a walk reaches, and no group twice in a state', () => {
    const a = job(1, 0);
    const b = job(2, 1);
    const c = job(3, 1);
    const cache = cacheOverUsers([a, b, c]);
    const view = viewAt(1);
    // The first group with a pending map is the second of the order: the third is not looked at.
    expect(cache.groups(view, 'map', false).at(0)?.key).toBe('user:1');
    expect([a.reads, b.reads, c.reads]).toEqual([1, 1, 0]);
    expect(cache.groups(view, 'map', false).at(1)?.key).toBe('user:2');
    expect(cache.groups(view, 'map', false).at(2)).toBeUndefined();
    expect(cache.groups(view, 'map', false).paused).toBe(false);
    expect([a.reads, b.reads, c.reads]).toEqual([1, 1, 1]);
  });

  it('finds the pause only by cutting every group, however far the walks reached', () => {
    const free = job(1, 1);
    const held = job(2, 1);
    const cache = cacheOverUsers([free, held], (j) => j.id === 2);
    const cut = cache.groups(viewAt(1), 'map', true);
    expect(cut.at(0)?.key).toBe('user:0');
    expect(held.reads).toBe(0);
    expect(cut.paused).toBe(true);
    expect(cut.at(1)).toBeUndefined();
  });

  it('keeps cutting a state it handed out before after a later state took over its records', () => {
    const a = job(1, 1);
    const b = job(2, 1);
    const cache = cacheOverUsers([a, b]);
    const first = cache.groups(viewAt(1), 'map', false);
    expect(first.at(0)?.key).toBe('user:0');
    expect(all(cache.groups(viewAt(2), 'map', false)).map((g) => g.key)).toEqual(['user:0', 'user:1']);
    expect(first.at(1)?.key).toBe('user:1');
  });
});
