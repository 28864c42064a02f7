import { fc, test } from '@fast-check/vitest';
import type { ClusterView, JobId, NodeId, RackId, UserId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { createClusterState } from './cluster-state.js';
import { HostEventError } from './host-event-error.js';
import type { HostEvent } from './host-events.js';
import { createHostTopology } from './host-topology.js';

const topology = createHostTopology(
  ['a', 'b', 'c', 'd'].map((name, i) => ({ name, rack: i < 2 ? 'r0' : 'r1', slots: 2 })),
  { nicCapacity: 1e9 },
);

/** Everything a policy could read, as plain data. */
function snapshot(view: ClusterView): string {
  const nodes = Array.from({ length: topology.nodeCount }, (_, n) => n as NodeId);
  const jobs = [0, 1, 2].flatMap((id) => {
    try {
      const job = view.job(id as JobId);
      return [
        {
          id,
          maps: Array.from({ length: job.mapCount }, (_, i) => ({
            ...job.map(i),
            runningOn: [...job.map(i).runningOn],
          })),
          reduces: Array.from({ length: job.reduceCount }, (_, i) => ({
            ...job.reduce(i),
            available: job.reduce(i).availableBytes,
          })),
          pending: job.pendingMaps().map((m) => m.index),
          onNode: nodes.map((n) => job.pendingMapsOnNode(n).map((m) => m.index)),
          waiting: job.waitingReduces().map((r) => r.index),
          ready: job.reducesReady,
          out: job.completedMapOutputBytes,
          onRack: [0, 1].map((r) => [job.mapOutputOnRack(r as RackId), job.reducesOnRack(r as RackId)]),
        },
      ];
    } catch {
      return [];
    }
  });
  return JSON.stringify({
    now: view.now,
    free: nodes.map((n) => view.freeSlots(n, 'container')),
    running: [view.runningCount('map'), view.runningCount('reduce')],
    on: nodes.map((n) => [
      view.runningMapsOn(n).length,
      view.runningReducesOn(n).length,
      view.outstandingMapOutput(n),
    ]),
    active: view.activeJobs().map((j) => j.id),
    users: view.activeUsers().map((u) => [u.id, u.jobs.length, u.running('map'), u.running('reduce')]),
    user7: (() => {
      try {
        return view.user(7 as UserId).running('map');
      } catch {
        return 'none';
      }
    })(),
    net: [
      view.network.sampleTime,
      view.network.rackUtilisation(0 as RackId, 'up'),
      view.network.nodeCrossRackRate(0 as NodeId, 'up'),
    ],
    jobs,
  });
}

const bytes = fc.constantFrom(-1, Number.NaN, Number.POSITIVE_INFINITY, 0, 100, 1e6);
const node = fc.integer({ min: -1, max: 4 });
const task = fc.record({
  job: fc.integer({ min: 0, max: 3 }),
  kind: fc.constantFrom('map', 'reduce', 'shuffle'),
  index: fc.integer({ min: -1, max: 3 }),
});
const step = fc.integer({ min: -2, max: 3 });
const event = fc.oneof(
  fc.record({
    type: fc.constant('submit'),
    step,
    job: fc.record({
      id: fc.integer({ min: 0, max: 2 }),
      user: fc.constantFrom(0, 7, -1),
      maps: fc.array(fc.record({ inputBytes: bytes, replicas: fc.uniqueArray(node, { maxLength: 2 }) }), {
        maxLength: 3,
      }),
      reduces: fc.integer({ min: -1, max: 2 }),
    }),
  }),
  fc.record({
    type: fc.constantFrom('start', 'start', 'start', 'fail', 'kill'),
    step,
    task,
    node,
    duplicate: fc.boolean(),
  }),
  fc.record({ type: fc.constant('finish'), step, task, node, outputBytes: bytes }),
  fc.record({
    type: fc.constant('preempt'),
    step,
    task,
    mode: fc.constantFrom('work-conserving', 'kill', 'nap'),
  }),
  fc.record({ type: fc.constant('shuffle'), step, task, fetchedBytes: bytes }),
  fc.record({ type: fc.constant('progress'), step, task, progress: fc.constantFrom(-0.5, 0.5, 1, 2) }),
  fc.record({
    type: fc.constant('links'),
    step,
    racks: fc.array(fc.record({ rack: fc.integer({ min: -1, max: 2 }), up: bytes, down: bytes }), {
      maxLength: 2,
    }),
    nodes: fc.array(fc.record({ node, up: bytes, down: bytes }), { maxLength: 2 }),
  }),
  fc.record({
    type: fc.constant('flows'),
    step,
    flows: fc.array(fc.record({ from: node, to: node }), { maxLength: 3 }),
  }),
  fc.record({ type: fc.constantFrom('tick', 'reboot'), step }),
);

describe('refused events', () => {
  test.prop([fc.array(event, { minLength: 1, maxLength: 60 })])(
    'a refused event names a field and leaves the state exactly as before',
    (events) => {
      const state = createClusterState({ topology });
      let accepted = 0;
      for (const { step: dt, ...rest } of events) {
        const e = { ...rest, time: state.now + dt } as unknown as HostEvent;
        const before = snapshot(state.view);
        try {
          state.apply(e);
          accepted++;
        } catch (error) {
          expect(error).toBeInstanceOf(HostEventError);
          expect((error as HostEventError).field).not.toBe('');
          expect((error as Error).message).toContain((error as HostEventError).field);
          expect(snapshot(state.view)).toBe(before);
        }
        // Slots are never over-committed whatever was accepted.
        for (let n = 0; n < topology.nodeCount; n++) {
          expect(state.view.freeSlots(n as NodeId, 'container')).toBeGreaterThanOrEqual(0);
        }
      }
      expect(accepted).toBeGreaterThanOrEqual(0);
    },
  );
});
