import { fc, test } from '@fast-check/vitest';
import { defaultPolicyRegistry, experimentPreset } from '@rackwise/experiments';
import {
  type ClusterState,
  type HostEvent,
  HostEventError,
  createClusterState,
  createHostTopology,
  createRandomSource,
} from '@rackwise/host';
import type {
  ClusterView,
  Decision,
  EvidenceDetail,
  JobId,
  NodeId,
  RackId,
  SchedulerPolicy,
  SlotKind,
  TaskRef,
  UserView,
} from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { type Sight, seeing } from './sighted-policy.js';

/**
 * Policies keep answers between offers under the view's versions (`stateVersion`,
 * `UserView.version`, `usersChangedSince`, `ServiceGroup.version`): user orders, each
 * group's jobs with a ready reduce, the jobs with every map launched, queue counts,
 * evidence standings. The oracle is the same policy handed views without those versions,
 * where every answer is computed afresh, and a middle case without `usersChangedSince`
 * (every user's version looked at). Random event sequences through the host — jobs
 * arriving, offers whose launches start, tasks finishing, failing, killed and preempted,
 * shuffle progress, link samples, ticks — must get the very same decisions (evidence
 * included) and preemptions at every step, from every built-in policy. Beside them, the
 * kept policy asked for each other evidence detail (none, `bounded`, `full`) must make the
 * very same decisions and preemptions, evidence aside.
 */
const registry = defaultPolicyRegistry();
const configs = experimentPreset('nas-cluster').policyConfig;
interface Case {
  readonly label: string;
  readonly name: string;
  readonly config: Readonly<Record<string, unknown>> | undefined;
  readonly runs?: number;
}
const CASES: readonly Case[] = [
  ...registry.names().map((name) => ({ label: name, name, config: configs[name] })),
  // Two queues, so that a queue's own reduce ramp-up cap binds before the cluster's.
  {
    label: 'capacity with two queues',
    name: 'capacity',
    runs: 40,
    config: {
      queues: [
        { name: 'a', capacity: 0.2, maximumCapacity: 0.25 },
        { name: 'default', capacity: 0.8 },
      ],
    },
  },
  // Jobs of queue 'a' are not configured: they join the default queue 'b', beside 'default'.
  {
    label: 'capacity with an unconfigured queue',
    name: 'capacity',
    runs: 20,
    config: {
      queues: [
        { name: 'default', capacity: 0.6 },
        { name: 'b', capacity: 0.3, maximumCapacity: 0.4 },
      ],
      defaultQueue: 'b',
    },
  },
  // Preempted reduces that migrate after two delays, and every waiting reduce counted as demand.
  {
    label: 'fcs migrating soon, every waiting reduce in demand',
    name: 'fcs',
    runs: 20,
    config: { migrationDelay: 2, demand: 'waiting' },
  },
  { label: 'fair by queue', name: 'fair', config: { groupBy: 'queue' } },
  { label: 'fair by job', name: 'fair', config: { groupBy: 'job' } },
];
const RACKS = 3;
const NODES = 6;

/** A decision with its task as a plain reference (a launch names a live task view of its host). */
function plain(decision: Decision): Decision {
  if (decision.type !== 'launch') return decision;
  const { job, kind, index } = decision.task;
  return { ...decision, task: { job, kind, index } };
}

interface Twin {
  readonly state: ClusterState;
  readonly policy: SchedulerPolicy;
  readonly evidence: Evidence;
}

/** What a twin asks of evidence: none, or a detail. */
type Evidence = EvidenceDetail | false;
const EVIDENCE: readonly Evidence[] = [false, 'bounded', 'full'];

/** A decision or preemption request without its evidence. */
function withoutEvidence<T extends object>(value: T): T {
  if (!('evidence' in value)) return value;
  const { evidence: _, ...rest } = value;
  return rest as T;
}

/** What twin `i` must agree with of the first twin's answer: all of it under the same evidence detail, else all but the evidence. */
function comparable<T extends object>(twins: readonly Twin[], i: number, value: T): T {
  return twins[i]!.evidence === twins[0]!.evidence ? value : withoutEvidence(value);
}

const SIGHTS: readonly Sight[] = ['kept', 'no-moves', 'fresh'];

interface Step {
  readonly op: number;
  readonly a: number;
  readonly b: number;
}

const stepArb: fc.Arbitrary<Step> = fc.record({ op: fc.nat(99), a: fc.nat(1 << 20), b: fc.nat(1 << 20) });

/** The copies running now, in the host's order. */
function runningCopies(view: ClusterView): { task: TaskRef; node: NodeId }[] {
  const copies: { task: TaskRef; node: NodeId }[] = [];
  for (const job of view.activeJobs()) {
    for (const map of job.runningMaps()) {
      for (const node of map.runningOn)
        copies.push({ task: { job: job.id, kind: 'map', index: map.index }, node });
    }
    for (const reduce of job.runningReduces()) {
      if (reduce.node !== undefined) {
        copies.push({ task: { job: job.id, kind: 'reduce', index: reduce.index }, node: reduce.node });
      }
    }
  }
  return copies;
}

/** Applies an event to every twin: all take it (naming the same copies to kill), or all refuse it. */
function applyAll(twins: readonly Twin[], event: HostEvent): void {
  const outcomes = twins.map((twin) => {
    try {
      return { copies: twin.state.apply(event) };
    } catch (error) {
      if (!(error instanceof HostEventError)) throw error;
      return { refused: error.message };
    }
  });
  for (const outcome of outcomes.slice(1)) expect(outcome).toEqual(outcomes[0]);
}

interface Run {
  readonly reasons: Set<string>;
  readonly launches: number;
}

/** Plays the steps on one twin per sight; every decision and preemption must agree. */
function play({ name, config }: Case, evidence: Evidence, split: boolean, steps: readonly Step[]): Run {
  const topology = createHostTopology(
    Array.from({ length: NODES }, (_, n) => ({
      name: `n${n}`,
      rack: `r${n % RACKS}`,
      slots: split ? { map: 2, reduce: 1 } : 2,
    })),
    { oversubscription: 4 },
  );
  const twin = (sight: Sight, asked: Evidence): Twin => {
    const state = createClusterState({ topology, decisionLimit: 0 });
    const inner = registry.create(
      name,
      config,
      asked === false
        ? { random: createRandomSource(3) }
        : { random: createRandomSource(3), recordEvidence: true, evidenceDetail: asked },
    );
    const policy = seeing(inner, sight);
    state.attach(policy);
    return { state, policy, evidence: asked };
  };
  const twins: Twin[] = [
    ...SIGHTS.map((sight) => twin(sight, evidence)),
    ...EVIDENCE.filter((other) => other !== evidence).map((other) => twin('kept', other)),
  ];
  const first = twins[0]!;
  const reasons = new Set<string>();
  let launches = 0;
  let time = 0;
  let nextJob = 0;
  const submit = (a: number, b: number) => {
    const maps = 1 + (b % 6);
    applyAll(twins, {
      type: 'submit',
      time,
      job: {
        id: nextJob++,
        user: a % 4,
        queue: a % 2 === 0 ? 'a' : 'default',
        maps: Array.from({ length: maps }, (_, i) => {
          const node = (a + 5 * i) % NODES;
          return {
            inputBytes: (64 << 20) * (1 + ((a >> 3) % 3)),
            replicas: [node, (node + 1 + (b % 4)) % NODES] as NodeId[],
          };
        }),
        reduces: (b >> 4) % 5,
      },
    });
  };
  for (let j = 0; j < 4; j++) submit(j * 7919, j * 104729);
  for (const { op, a, b } of steps) {
    time += 0.25 + (a % 4) * 0.25;
    const view = first.state.view;
    if (op < 50) {
      const kinds: readonly SlotKind[] = split ? (b % 2 === 0 ? ['map'] : ['reduce']) : ['container'];
      const kind = kinds[0]!;
      const free = Array.from({ length: NODES }, (_, n) => n as NodeId).filter(
        (n) => view.freeSlots(n, kind) > 0,
      );
      if (free.length === 0) continue;
      const node = free[a % free.length]!;
      const decisions: Decision[] = twins.map((twin) =>
        plain(twin.state.offer(twin.policy, node, kind, time)),
      );
      for (let i = 1; i < twins.length; i++)
        expect(comparable(twins, i, decisions[i]!)).toEqual(comparable(twins, i, decisions[0]!));
      const decision = decisions[0]!;
      reasons.add(decision.reason);
      if (decision.type === 'launch') {
        launches++;
        const task = { job: decision.task.job, kind: decision.task.kind, index: decision.task.index };
        applyAll(twins, {
          type: 'start',
          time,
          task,
          node,
          ...(decision.duplicate === true ? { duplicate: true } : {}),
        });
      }
    } else if (op < 75) {
      const copies = runningCopies(view);
      if (copies.length === 0) continue;
      const { task, node } = copies[a % copies.length]!;
      if (op < 68) {
        const input = task.kind === 'map' ? view.job(task.job).map(task.index).inputBytes : 0;
        // The copies it names to kill are out of the state already; every twin names the same.
        applyAll(twins, {
          type: 'finish',
          time,
          task,
          node,
          ...(task.kind === 'map' ? { outputBytes: (input * (b % 4)) / 2 } : {}),
        });
      } else {
        applyAll(twins, { type: op < 72 ? 'fail' : 'kill', time, task, node });
      }
    } else if (op < 78) {
      const reduces = runningCopies(view).filter((c) => c.task.kind === 'reduce');
      if (reduces.length === 0) continue;
      const { task } = reduces[a % reduces.length]!;
      applyAll(twins, { type: 'preempt', time, task, mode: b % 2 === 0 ? 'work-conserving' : 'kill' });
    } else if (op < 85) {
      const reduces = runningCopies(view).filter((c) => c.task.kind === 'reduce');
      if (reduces.length === 0) continue;
      const { task } = reduces[a % reduces.length]!;
      const reduce = view.job(task.job as JobId).reduce(task.index);
      const fetched = reduce.fetchedBytes + ((reduce.availableBytes - reduce.fetchedBytes) * (b % 5)) / 4;
      applyAll(twins, { type: 'shuffle', time, task, fetchedBytes: fetched });
    } else if (op < 92) {
      applyAll(twins, {
        type: 'links',
        time,
        measure: 'utilisation',
        racks: Array.from({ length: RACKS }, (_, r) => ({
          rack: r as RackId,
          up: ((a >> (2 * r)) % 11) / 10,
          down: ((b >> (2 * r)) % 11) / 10,
        })),
      });
    } else if (op < 97) {
      applyAll(twins, { type: 'tick', time });
      const asked = twins.map((twin) => twin.state.preemptions);
      for (let i = 1; i < twins.length; i++) {
        const first = asked[0]!.map((request) => comparable(twins, i, request));
        expect(asked[i]!.map((request) => comparable(twins, i, request))).toEqual(first);
      }
      const mode = first.policy.preemption?.mode ?? 'work-conserving';
      for (const request of asked[0]!) applyAll(twins, { type: 'preempt', time, task: request.task, mode });
    } else {
      submit(a, b);
    }
  }
  return { reasons, launches };
}

describe('answers kept under the view versions', () => {
  const seen = new Map<string, Set<string>>();
  for (const each of CASES) {
    test.prop(
      [fc.constantFrom(...EVIDENCE), fc.boolean(), fc.array(stepArb, { minLength: 40, maxLength: 160 })],
      {
        numRuns: each.runs ?? 12,
      },
    )(`${each.label} decides as it does with every answer computed afresh`, (evidence, split, steps) => {
      const run = play(each, evidence, split, steps);
      const reasons = seen.get(each.label) ?? new Set();
      for (const reason of run.reasons) reasons.add(reason);
      seen.set(each.label, reasons);
    });
  }

  it('reached launches of maps and reduces under every policy', () => {
    for (const { label } of CASES) {
      const reasons = [...(seen.get(label) ?? [])];
      expect(reasons.length, label).toBeGreaterThan(1);
    }
  });
});
