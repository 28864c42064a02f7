import type { DecisionEvidence, EvidenceValue, SchedulerPolicy, TaskRef } from '@rackwise/types';

/** One line of a job's story: an offer that concerned it, or one of its tasks ending. */
export type StoryEntry =
  | {
      readonly time: number;
      readonly event: 'offer';
      readonly node: number;
      readonly rack: number;
      readonly slot: string;
      readonly decision: 'launch' | 'pass';
      /** The job's task launched, or absent when the job was passed over. */
      readonly task?: string;
      /** Another job's task launched while this one was passed over. */
      readonly launchedInstead?: string;
      readonly reason: string;
      /** Why this job was passed over, from the evidence. */
      readonly passedOver?: string;
      readonly evidence?: DecisionEvidence;
    }
  | { readonly time: number; readonly event: 'submitted' | 'completed' }
  | {
      readonly time: number;
      readonly event: 'started' | 'finished';
      readonly task: string;
      readonly node: number;
    };

const taskName = (t: TaskRef): string => `${t.kind}:${t.index}`;

/** Where evidence names the job among those passed over, and why. */
export function passedOverIn(evidence: DecisionEvidence | undefined, job: number): string | undefined {
  if (evidence === undefined) return undefined;
  for (const key of ['skipped', 'waiting']) {
    const list = evidence[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list as readonly EvidenceValue[]) {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
      const e = entry as Readonly<Record<string, EvidenceValue>>;
      const jobs = Array.isArray(e.jobs) ? (e.jobs as readonly EvidenceValue[]) : [];
      if (e.job !== job && !jobs.includes(job)) continue;
      if (typeof e.why === 'string') return e.why;
      // A policy that waits a time (NAS's `maxWait`) says so; its skip count decides nothing.
      if (typeof e.waitedSeconds === 'number' && typeof e.maxWaitSeconds === 'number')
        return `${String(e.group)} skipped (waited ${e.waitedSeconds.toFixed(1)} of ${e.maxWaitSeconds} s)`;
      if (typeof e.skips === 'number')
        return `${String(e.group)} skipped (${e.skips} of ${String(e.maxSkips)} skips)`;
      return `${String(e.group ?? `job ${job}`)} waits for locality`;
    }
  }
  return undefined;
}

/**
 * Wraps a policy so that every offer concerning `job` (one of its tasks launched, or the
 * job passed over according to the decision's evidence) and its tasks' lifecycle are
 * kept as a story. `task` narrows to one task.
 */
export function recordJobStory(
  policy: SchedulerPolicy,
  job: number,
  task: string | undefined,
  story: StoryEntry[],
  rackOf: (node: number) => number,
): SchedulerPolicy {
  let launched = false;
  const mine = (t: TaskRef): boolean => t.job === job && (task === undefined || taskName(t) === task);
  return {
    ...policy,
    assign(offer, view) {
      const decision = policy.assign(offer, view);
      const base = {
        time: view.now,
        event: 'offer' as const,
        node: offer.node,
        rack: rackOf(offer.node),
        slot: offer.kind,
      };
      const evidence = decision.evidence === undefined ? {} : { evidence: decision.evidence };
      if (decision.type === 'launch' && mine(decision.task)) {
        story.push({
          ...base,
          decision: 'launch',
          task: taskName(decision.task),
          reason: decision.reason,
          ...evidence,
        });
        if (task !== undefined) launched = true;
        return decision;
      }
      if (launched) return decision;
      const why = passedOverIn(decision.evidence, job);
      if (why !== undefined) {
        story.push({
          ...base,
          decision: decision.type,
          ...(decision.type === 'launch'
            ? { launchedInstead: `${taskName(decision.task)} of job ${decision.task.job}` }
            : {}),
          reason: decision.reason,
          passedOver: why,
          ...evidence,
        });
      }
      return decision;
    },
    onJobSubmitted(j, view) {
      if (j.id === job) story.push({ time: view.now, event: 'submitted' });
      policy.onJobSubmitted?.(j, view);
    },
    onJobCompleted(j, view) {
      if (j.id === job) story.push({ time: view.now, event: 'completed' });
      policy.onJobCompleted?.(j, view);
    },
    onTaskStarted(e, view) {
      if (mine(e.task))
        story.push({ time: view.now, event: 'started', task: taskName(e.task), node: e.node });
      policy.onTaskStarted?.(e, view);
    },
    onTaskCompleted(e, view) {
      if (mine(e.task))
        story.push({ time: view.now, event: 'finished', task: taskName(e.task), node: e.node });
      policy.onTaskCompleted?.(e, view);
    },
  };
}
