import type { JobId, NodeId, TaskRef, UserId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { createClusterState } from './cluster-state.js';
import type { HostEvent } from './host-events.js';
import { RACK_LABELS, topologyFromLabels } from './topology-from-labels.js';

const topology = topologyFromLabels(
  ['n0', 'n1'].map((name) => ({ name, labels: { [RACK_LABELS.zone]: 'rack-a' }, slots: 2 })),
  { nicCapacity: 1e9, oversubscription: 1 },
);
const n = (i: number) => i as NodeId;
const map = (job: number, index: number): TaskRef => ({ job: job as JobId, kind: 'map', index });
const submit = (id: number, user: number, time = 0): HostEvent => ({
  type: 'submit',
  time,
  job: { id, user, maps: [{ inputBytes: 100, replicas: [n(0)] }], reduces: 0 },
});

describe('usersChangedSince on a host state', () => {
  it('names each move of a user version since a state, a first job and a refused event included', () => {
    const state = createClusterState({ topology });
    const view = state.view;
    const versions = (ids: number[]) => ids.map((id) => view.user(id as UserId).version);
    state.apply(submit(0, 1));
    expect(view.usersChangedSince!(0)).toEqual([1]);
    expect(versions([1])).toEqual([1]);
    state.apply(submit(1, 2));
    state.apply({ type: 'start', time: 1, task: map(0, 0), node: n(0) });
    state.apply({ type: 'tick', time: 2 });
    expect(() => state.apply({ type: 'start', time: 2, task: map(1, 0), node: n(9) })).toThrow();
    expect(view.usersChangedSince!(1)).toEqual([2, 1, 2]);
    expect(versions([1, 2])).toEqual([2, 2]);
    state.apply({ type: 'finish', time: 3, task: map(0, 0), node: n(0), outputBytes: 0 });
    // User 1's last job completed: listed, and no longer active.
    expect(view.usersChangedSince!(5)).toEqual([1]);
    expect(view.activeUsers().map((u) => u.id)).toEqual([2]);
    expect(view.usersChangedSince!(view.stateVersion!)).toEqual([]);
    expect(view.usersChangedSince!(view.stateVersion! + 1)).toBeUndefined();
    expect(view.usersChangedSince!(0.5)).toBeUndefined();
  });

  it('answers for the last 4,096 steps at least, and undefined past its reach', () => {
    const state = createClusterState({ topology });
    state.apply(submit(0, 1));
    for (let t = 1; t <= 10_000; t++) state.apply({ type: 'tick', time: t });
    const now = state.view.stateVersion!;
    expect(state.view.usersChangedSince!(now - 4096)).toEqual([]);
    expect(state.view.usersChangedSince!(0)).toBeUndefined();
    state.apply({ type: 'start', time: 10_001, task: map(0, 0), node: n(1) });
    expect(state.view.usersChangedSince!(now - 4000)).toEqual([1]);
  });
});
