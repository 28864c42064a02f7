import type { JobId, NodeId, RackId, SchedulerPolicy, TaskRef } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { createClusterState } from './cluster-state.js';
import { HostEventError } from './host-event-error.js';
import type { HostEvent, JobSubmission } from './host-events.js';
import { RACK_LABELS, topologyFromLabels } from './topology-from-labels.js';

const nodes = ['n0', 'n1', 'n2', 'n3'].map((name, i) => ({
  name,
  labels: { [RACK_LABELS.zone]: i < 2 ? 'rack-a' : 'rack-b' },
  slots: 1,
}));
const topology = topologyFromLabels(nodes, { nicCapacity: 1e9, oversubscription: 2 });
const n = (i: number) => i as NodeId;
const map = (job: number, index: number): TaskRef => ({ job: job as JobId, kind: 'map', index });
const reduce = (job: number, index: number): TaskRef => ({ job: job as JobId, kind: 'reduce', index });
const submit = (id: number, time = 0): HostEvent => ({
  type: 'submit',
  time,
  job: {
    id,
    user: 1,
    maps: [
      { inputBytes: 100, replicas: [n(0), n(2)] },
      { inputBytes: 100, replicas: [n(1)] },
    ],
    reduces: 1,
  },
});

function refusal(state: ReturnType<typeof createClusterState>, event: unknown): HostEventError {
  try {
    state.apply(event as HostEvent);
  } catch (error) {
    if (error instanceof HostEventError) return error;
    throw error;
  }
  throw new Error('the event was accepted');
}

describe('topologyFromLabels', () => {
  it('builds one rack per label value, in order of appearance, with links from NICs and oversubscription', () => {
    expect(topology.rackCount).toBe(2);
    expect(topology.nodesOf(1 as RackId)).toEqual([2, 3]);
    expect(topology.rackName(topology.rackOf(n(3)))).toBe('rack-b');
    expect(topology.rackUplinkCapacity(0 as RackId)).toBe(1e9); // 2 × 1 Gbps / 2
    expect(topology.nodeId('n2')).toBe(2);
    expect(topology.slotModel).toBe('container');
  });

  it('reads any label, such as a block label of a topology discovery tool', () => {
    const t = topologyFromLabels(
      [
        { name: 'x', labels: { [RACK_LABELS.block]: 'b7' }, slots: { map: 2, reduce: 1 } },
        { name: 'y', labels: { [RACK_LABELS.block]: 'b9' }, slots: { map: 2, reduce: 1 } },
      ],
      { rackLabel: RACK_LABELS.block, rackUplinkCapacity: { b7: 5e8, b9: 1e9 } },
    );
    expect(t.slotModel).toBe('split');
    expect(t.rackUplinkCapacity(0 as RackId)).toBe(5e8);
    expect(t.slotsOf(n(1), 'reduce')).toBe(1);
  });

  it('refuses a node without the rack label, naming it', () => {
    expect(() => topologyFromLabels([...nodes, { name: 'stray', labels: {}, slots: 1 }])).toThrow(
      /node stray has no label topology\.kubernetes\.io\/zone/,
    );
  });
});

describe('createClusterState', () => {
  it('follows a job from submission to completion and tells attached policies', () => {
    const state = createClusterState({ topology });
    const heard: string[] = [];
    const policy: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: 'ear',
      assign: () => ({ type: 'pass', reason: 'ear/listening' }),
      onJobSubmitted: (job) => heard.push(`submit ${job.id}`),
      onTaskStarted: (e) => heard.push(`start ${e.task.kind} ${e.task.index} on ${e.node}`),
      onTaskCompleted: (e) => heard.push(`done ${e.task.kind} ${e.task.index}`),
      onJobCompleted: (job) => heard.push(`job ${job.id} done`),
    };
    state.attach(policy);
    state.apply(submit(0));
    const job = state.view.job(0 as JobId);
    expect(job.pendingMapsOnNode(n(2)).map((m) => m.index)).toEqual([0]);
    expect(job.pendingMapsOnRack(0 as RackId).map((m) => m.index)).toEqual([0, 1]);
    expect(job.inputOnRack(1 as RackId)).toBe(100);
    state.apply({ type: 'start', time: 1, task: map(0, 0), node: n(2) });
    expect(state.view.freeSlots(n(2), 'container')).toBe(0);
    expect(state.view.user(job.user).running('map')).toBe(1);
    state.apply({ type: 'finish', time: 3, task: map(0, 0), node: n(2), outputBytes: 40 });
    expect(job.reducesReady).toBe(true);
    expect(job.mapOutputOnRack(1 as RackId)).toBe(40);
    expect(state.view.predictor.ratio(job)).toBeCloseTo(0.4);
    expect(state.view.outstandingMapOutput(n(2))).toBe(40);
    state.apply({ type: 'start', time: 3, task: reduce(0, 0), node: n(0) });
    state.apply({ type: 'shuffle', time: 4, task: reduce(0, 0), fetchedBytes: 30 });
    expect(state.view.outstandingMapOutput(n(2))).toBeCloseTo(10);
    state.apply({ type: 'start', time: 4, task: map(0, 1), node: n(1) });
    state.apply({ type: 'finish', time: 5, task: map(0, 1), node: n(1), outputBytes: 40 });
    state.apply({ type: 'finish', time: 9, task: reduce(0, 0), node: n(0) });
    expect(state.view.activeJobs()).toEqual([]);
    expect(heard).toEqual([
      'submit 0',
      'start map 0 on 2',
      'done map 0',
      'start reduce 0 on 0',
      'start map 1 on 1',
      'done map 1',
      'done reduce 0',
      'job 0 done',
    ]);
  });

  it('completes a job when its last task ends: its last reduce, or its last map when it has none', () => {
    const state = createClusterState({ topology, mapCompletionThreshold: 0 });
    state.apply(submit(0));
    state.apply({ type: 'start', time: 0, task: reduce(0, 0), node: n(0) });
    state.apply({ type: 'start', time: 0, task: map(0, 0), node: n(1) });
    state.apply({ type: 'start', time: 0, task: map(0, 1), node: n(2) });
    state.apply({ type: 'finish', time: 1, task: map(0, 0), node: n(1), outputBytes: 1 });
    state.apply({ type: 'finish', time: 2, task: map(0, 1), node: n(2), outputBytes: 1 });
    expect(state.view.activeJobs()).toHaveLength(1);
    state.apply({ type: 'finish', time: 3, task: reduce(0, 0), node: n(0) });
    expect(state.view.activeJobs()).toHaveLength(0);

    const mapOnly = submit(1, 3);
    if (mapOnly.type === 'submit') state.apply({ ...mapOnly, job: { ...mapOnly.job, reduces: 0 } });
    state.apply({ type: 'start', time: 3, task: map(1, 0), node: n(1) });
    state.apply({ type: 'start', time: 3, task: map(1, 1), node: n(2) });
    state.apply({ type: 'finish', time: 4, task: map(1, 0), node: n(1), outputBytes: 1 });
    expect(state.view.activeJobs()).toHaveLength(1);
    state.apply({ type: 'finish', time: 5, task: map(1, 1), node: n(2), outputBytes: 1 });
    expect(state.view.activeJobs()).toHaveLength(0);
  });

  it('refuses a reduce that finishes while a map of its job has not, and changes nothing', () => {
    const state = createClusterState({ topology, mapCompletionThreshold: 0 });
    state.apply(submit(0));
    state.apply({ type: 'start', time: 0, task: reduce(0, 0), node: n(0) });
    state.apply({ type: 'start', time: 0, task: map(0, 0), node: n(1) });
    state.apply({ type: 'finish', time: 1, task: map(0, 0), node: n(1), outputBytes: 1 });
    const before = JSON.stringify([
      state.view.job(0 as JobId).reduce(0),
      state.view.freeSlots(n(0), 'container'),
    ]);
    // Map 1 still pending, then running: the reduce cannot have read its output either way.
    for (const time of [2, 3]) {
      const refused = refusal(state, { type: 'finish', time, task: reduce(0, 0), node: n(0) });
      expect([refused.field, refused.message]).toEqual([
        'task',
        expect.stringMatching(/reduce 0 of job 0 cannot finish: 1 of its job's 2 maps have not finished/),
      ]);
      expect(
        JSON.stringify([state.view.job(0 as JobId).reduce(0), state.view.freeSlots(n(0), 'container')]),
      ).toBe(before);
      if (time === 2) state.apply({ type: 'start', time: 2, task: map(0, 1), node: n(2) });
    }
    state.apply({ type: 'finish', time: 4, task: map(0, 1), node: n(2), outputBytes: 1 });
    state.apply({ type: 'finish', time: 5, task: reduce(0, 0), node: n(0) });
    expect(state.view.activeJobs()).toHaveLength(0);
  });

  it('forgets a completed job but its id: events naming it and its id again are refused', () => {
    const state = createClusterState({ topology, mapCompletionThreshold: 0 });
    let told: number | undefined;
    state.attach({
      specificationVersion: 'v1',
      name: 'reader',
      assign: () => ({ type: 'pass', reason: 'reader/none' }),
      // Told while the job can still be looked up.
      onJobCompleted: (job, view) => {
        told = view.job(job.id).mapCount;
      },
    });
    state.apply(submit(0));
    for (const [i, task] of [reduce(0, 0), map(0, 0), map(0, 1)].entries()) {
      state.apply({ type: 'start', time: 0, task, node: n(i) });
    }
    state.apply({ type: 'finish', time: 1, task: map(0, 0), node: n(1), outputBytes: 1 });
    state.apply({ type: 'finish', time: 1, task: map(0, 1), node: n(2), outputBytes: 1 });
    state.apply({ type: 'finish', time: 2, task: reduce(0, 0), node: n(0) });
    expect(told).toBe(2);
    expect(() => state.view.job(0 as JobId)).toThrow(/job 0 has completed/);
    expect(() => state.view.job(1 as JobId)).toThrow(/job 1 was never submitted/);
    const late = refusal(state, { type: 'kill', time: 3, task: map(0, 0), node: n(1) });
    expect([late.field, late.message]).toEqual(['task.job', expect.stringMatching(/job 0 has completed/)]);
    expect(refusal(state, submit(0, 3)).field).toBe('job.id');
    state.apply(submit(1, 3));
    expect(state.view.activeJobs().map((j) => j.id)).toEqual([1]);
  });

  it('keeps the work of a reduce preempted work-conservingly, and resumes it elsewhere', () => {
    const state = createClusterState({ topology, mapCompletionThreshold: 0 });
    state.apply(submit(0));
    state.apply({ type: 'start', time: 0, task: reduce(0, 0), node: n(0) });
    state.apply({ type: 'shuffle', time: 1, task: reduce(0, 0), fetchedBytes: 5 });
    state.apply({ type: 'preempt', time: 2, task: reduce(0, 0), mode: 'work-conserving' });
    const r = state.view.job(0 as JobId).reduce(0);
    expect([r.state, r.fetchedBytes, r.preemptions]).toEqual(['suspended', 5, 1]);
    expect(state.view.job(0 as JobId).waitingReduces()[0]).toBe(r);
    state.apply({ type: 'start', time: 3, task: reduce(0, 0), node: n(3) });
    expect([r.state, r.node, r.startTime]).toEqual(['running', 3, 0]);
    expect(state.view.job(0 as JobId).reducesOnRack(1 as RackId)).toBe(1);
    // Killed back to pending, it counts on no rack until it runs again (as in the engine).
    state.apply({ type: 'preempt', time: 4, task: reduce(0, 0), mode: 'kill' });
    expect(state.view.job(0 as JobId).reducesOnRack(1 as RackId)).toBe(0);
  });

  it('asks an attached preempting policy on every tick and ticks its clock', () => {
    const state = createClusterState({ topology, mapCompletionThreshold: 0 });
    const ticks: number[] = [];
    const fcsLike: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: 'preempter',
      assign: () => ({ type: 'pass', reason: 'preempter/idle' }),
      onTick: (view) => ticks.push(view.now),
      preemption: {
        mode: 'work-conserving',
        preempt: (view) =>
          view
            .activeJobs()
            .flatMap((j) => j.runningReduces().map((r) => ({ task: r, reason: 'preempter/any' }))),
      },
    };
    state.attach(fcsLike);
    state.apply(submit(0));
    state.apply({ type: 'start', time: 1, task: reduce(0, 0), node: n(1) });
    state.apply({ type: 'tick', time: 2 });
    expect(ticks).toEqual([2]);
    expect(state.preemptions.map((p) => [p.task.job, p.task.index, p.reason])).toEqual([
      [0, 0, 'preempter/any'],
    ]);
    state.apply({ type: 'preempt', time: 2, task: reduce(0, 0), mode: 'work-conserving' });
    expect(state.view.freeSlots(n(1), 'container')).toBe(1);
    state.apply({ type: 'tick', time: 3 });
    expect(state.preemptions).toEqual([]);
  });

  it('runs duplicate copies of a map and names the copies to kill when one finishes', () => {
    const state = createClusterState({ topology });
    state.apply(submit(0));
    state.apply({ type: 'start', time: 0, task: map(0, 0), node: n(0) });
    state.apply({ type: 'start', time: 1, task: map(0, 0), node: n(3), duplicate: true });
    expect(state.view.job(0 as JobId).map(0).runningOn).toEqual([0, 3]);
    expect(state.view.runningCount('map')).toBe(2);
    const kill = state.apply({ type: 'finish', time: 2, task: map(0, 0), node: n(3), outputBytes: 7 });
    expect(kill).toEqual([{ task: map(0, 0), node: 0 }]);
    expect(state.view.freeSlots(n(0), 'container')).toBe(1);
    expect(state.view.job(0 as JobId).map(0).outputNode).toBe(3);
  });

  it('computes max-min rates of the flows it is told about and samples the rack links', () => {
    const state = createClusterState({ topology });
    // Two flows leave rack a; its uplink (1 Gbps) is the bottleneck: 0.5 Gbps each.
    state.apply({
      type: 'flows',
      time: 1,
      flows: [
        { from: n(0), to: n(2) },
        { from: n(1), to: n(3) },
        { from: n(2), to: n(3) },
      ],
    });
    expect(state.view.network.rackUtilisation(0 as RackId, 'up')).toBeCloseTo(1);
    expect(state.view.network.rackUtilisation(1 as RackId, 'down')).toBeCloseTo(1);
    expect(state.view.network.nodeCrossRackRate(n(0), 'up')).toBeCloseTo(5e8);
    state.apply({ type: 'links', time: 2, racks: [{ rack: 0 as RackId, up: 2.5e8, down: 0 }] });
    expect(state.view.network.rackUtilisation(0 as RackId, 'up')).toBeCloseTo(0.25);
    expect(state.view.network.recentRackUtilisation(0 as RackId, 'up', 5)).toBeCloseTo(0.625);
    expect(state.view.network.sampleTime).toBe(2);
  });

  it('keeps one link sample an instant: a second report at the same time amends it', () => {
    const state = createClusterState({ topology });
    const links = (time: number, rack: number, up: number): HostEvent => ({
      type: 'links',
      time,
      racks: [{ rack: rack as RackId, up, down: 0 }],
      measure: 'utilisation',
    });
    state.apply(links(1, 0, 0.2));
    state.apply(links(2, 0, 0.9));
    state.apply(links(2, 1, 0.4));
    expect(state.view.network.rackUtilisation(0 as RackId, 'up')).toBe(0.9);
    expect(state.view.network.recentRackUtilisation(0 as RackId, 'up', 5)).toBeCloseTo(0.55);
    expect(state.view.network.recentRackUtilisation(1 as RackId, 'up', 5)).toBeCloseTo(0.2);
  });

  it('takes a submission time before the event that reports the job, never after it', () => {
    const state = createClusterState({ topology });
    const job = (id: number, submitTime?: number): JobSubmission => ({
      ...(submit(id) as { job: JobSubmission }).job,
      ...(submitTime === undefined ? {} : { submitTime }),
    });
    state.apply({ type: 'submit', time: 10, job: job(0, 4) });
    expect(state.view.job(0 as JobId).submitTime).toBe(4);
    state.apply({ type: 'submit', time: 10, job: job(1) });
    expect(state.view.job(1 as JobId).submitTime).toBe(10);
    const error = refusal(state, { type: 'submit', time: 10, job: job(2, 11) });
    expect(error.field).toBe('job.submitTime');
  });

  it('refuses each bad event, naming the event and the field', () => {
    const state = createClusterState({ topology });
    state.apply(submit(0, 5));
    state.apply({ type: 'start', time: 5, task: map(0, 0), node: n(0) });
    const cases: [unknown, string, RegExp][] = [
      [{ type: 'start', time: 6, task: map(9, 0), node: 1 }, 'task.job', /not a known job: 9/],
      [{ type: 'start', time: 6, task: map(0, 5), node: 1 }, 'task.index', /not a map of job 0: 5/],
      [{ type: 'finish', time: 6, task: map(0, 1), node: 1, outputBytes: 1 }, 'task', /pending, not running/],
      [{ type: 'start', time: 6, task: map(0, 1), node: 0 }, 'node', /0 is full/],
      [{ type: 'start', time: 6, task: map(0, 1), node: 11 }, 'node', /not a known node: 11/],
      [{ type: 'start', time: 4, task: map(0, 1), node: 1 }, 'time', /goes backwards/],
      [
        { type: 'finish', time: 6, task: map(0, 0), node: 0, outputBytes: -3 },
        'outputBytes',
        /bytes >= 0, got -3/,
      ],
      [
        { type: 'finish', time: 6, task: map(0, 0), node: 0, outputBytes: Number.NaN },
        'outputBytes',
        /got NaN/,
      ],
      [submit(0, 6), 'job.id', /already submitted/],
      [
        { type: 'shuffle', time: 6, task: reduce(0, 0), fetchedBytes: 1 },
        'task',
        /not a running or suspended reduce/,
      ],
      [{ type: 'lunch', time: 6 }, 'type', /not a known event type: lunch/],
    ];
    for (const [event, field, message] of cases) {
      const error = refusal(state, event);
      expect(error.field).toBe(field);
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/^refused \w+ event: /);
      expect(error.event).toBe(event);
    }
    expect(state.now).toBe(5);
  });

  it('asks a policy on offer and records what it answered', () => {
    const state = createClusterState({ topology, decisionLimit: 1 });
    state.apply(submit(0));
    const policy: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: 'first',
      assign: (offer, view) => {
        const m = view.activeJobs()[0]?.pendingMapsOnNode(offer.node)[0];
        return m === undefined
          ? { type: 'pass', reason: 'first/none' }
          : { type: 'launch', task: m, reason: 'first/local' };
      },
    };
    expect(state.offer(policy, n(3), 'container', 2).type).toBe('pass');
    const d = state.offer(policy, n(1), 'container', 2);
    expect(d).toMatchObject({ type: 'launch', task: { index: 1 } });
    expect(state.decisions).toEqual([{ time: 2, node: 1, kind: 'container', policy: 'first', decision: d }]);
    expect(() => state.offer(policy, n(1), 'map')).toThrow(/kind map: node 1 has no slots of that kind/);
  });
});
