import type { ClusterView } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { PendingMapWatch } from './pending-maps.js';

/** A host with users whose jobs' pending map counts and versions the test sets. */
function host() {
  const users = [
    { id: 0, version: 0 as number | undefined, jobs: [{ pending: 0, reads: 0 }] },
    { id: 1, version: 0 as number | undefined, jobs: [{ pending: 0, reads: 0 }] },
  ];
  const asJobs = (u: (typeof users)[number]) =>
    u.jobs.map((j) => ({
      count: (kind: string, state: string) => {
        j.reads++;
        return kind === 'map' && state === 'pending' ? j.pending : 0;
      },
    }));
  const view = {
    stateVersion: 0 as number | undefined,
    activeUsers: () => users.map((u) => ({ id: u.id, version: u.version, jobs: asJobs(u) })),
    activeJobs: () => users.flatMap(asJobs),
  };
  return { users, view, asView: view as unknown as ClusterView };
}

describe('PendingMapWatch', () => {
  it('looks again only at users whose version moved', () => {
    const { users, view, asView } = host();
    const watch = new PendingMapWatch();
    expect(watch.any(asView)).toBe(false);
    users[1]!.jobs[0]!.pending = 2;
    users[1]!.version = 1;
    view.stateVersion = 1;
    expect(watch.any(asView)).toBe(true);
    const reads = users[0]!.jobs[0]!.reads;
    users[1]!.jobs[0]!.pending = 0;
    users[1]!.version = 2;
    view.stateVersion = 2;
    expect(watch.any(asView)).toBe(false);
    expect(users[0]!.jobs[0]!.reads).toBe(reads);
  });

  it('answers from memory within a state, afresh without a state version', () => {
    const { users, view, asView } = host();
    const watch = new PendingMapWatch();
    expect(watch.any(asView)).toBe(false);
    users[0]!.jobs[0]!.pending = 1;
    expect(watch.any(asView)).toBe(false);
    view.stateVersion = undefined;
    expect(watch.any(asView)).toBe(true);
  });

  it('reads every job when a user has no version', () => {
    const { users, view, asView } = host();
    const watch = new PendingMapWatch();
    expect(watch.any(asView)).toBe(false);
    users[0]!.version = undefined;
    users[0]!.jobs[0]!.pending = 1;
    view.stateVersion = 1;
    expect(watch.any(asView)).toBe(true);
  });
});
