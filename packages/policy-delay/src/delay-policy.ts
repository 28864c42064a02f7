import { EvidenceEntries, evidenceDetailOf } from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  DecisionEvidence,
  JobId,
  JobView,
  MapTaskView,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
} from '@rackwise/types';
import { DELAY_DEFAULTS, type DelayConfig } from './delay-config.js';
import { type JobWait, type LocalityLevel, allowedLevel } from './internal/locality-wait.js';
import { resolveDelayConfig } from './internal/resolve-delay-config.js';

/** The Delay policy: a scheduler policy that also tells how long each job has waited. */
export interface DelayPolicy extends SchedulerPolicy {
  /** Offers a job was passed over since its last launch (`by: 'skips'`; 0 for unknown jobs). Never above `maxSkips + rackMaxSkips`. */
  skipCount(job: JobId): number;
}

const RULES = ['node-local', 'rack-local', 'remote'] as const;

/** A job Delay passed over at an offer: it waits for locality. */
export interface DelaySkippedJob {
  readonly [key: string]: string | number;
  readonly job: number;
  readonly why: string;
  /** Its wait after this offer: offers skipped (`by: 'skips'`) or seconds waited. */
  readonly waited: number;
}

/**
 * What Delay saw when it decided (`decision.evidence`, when the host asked for it): the
 * task and its locality level, how long its job had waited against the two thresholds,
 * and the jobs passed over because they wait for locality (`bounded` evidence, the default,
 * names the first few and counts them all; `full` lists them all).
 */
export interface DelayEvidence extends DecisionEvidence {
  readonly job?: number;
  /** The group (user, queue) of the order the launched job came from. */
  readonly group?: string;
  readonly task?: string;
  readonly locality?: string;
  readonly node: number;
  readonly rack: number;
  /** `skips` (offers) or `time` (seconds). */
  readonly measure: string;
  /** The launched job's wait before this offer, in `measure`. */
  readonly waited?: number;
  /** Waits after which rack-local, then any, locality is allowed. */
  readonly thresholds: readonly number[];
  /** The jobs passed over because they wait for locality: all of them in `full` evidence, the first few in `bounded`. */
  readonly skipped: readonly DelaySkippedJob[];
  /** How many jobs were passed over. */
  readonly skippedCount: number;
}

/**
 * Delay scheduling (Zaharia et al., EuroSys 2010) on top of any fairness order — NAS §II
 * and §IV ("Delay", D = 135; 5 s in the cluster experiment), ShuffleWatcher §4.2 (relaxed
 * fairness), Shadow §6 (`rackLocalityDelay`). For a map slot it walks the `userOrder`;
 * the first job with a pending map launches its node-local map if it has one, a rack-local
 * one once it waited `maxSkips` offers (or `nodeLocalityWait` s), any once it waited
 * `rackMaxSkips` more (or `rackLocalityWait` s); otherwise it is skipped (its counter
 * grows) and the next job is asked. A launch resets the job's wait and remembers its
 * level, as `j.level` in the paper. Reduces are not delayed: a reduce slot goes to the
 * first job past slowstart with a waiting reduce. With `relaxedLevel: 'reset'` every launch
 * returns the job to node level.
 *
 * Reason codes: `delay/node-local`, `delay/rack-local`, `delay/remote`, `delay/reduce`;
 * passes `delay/skip` (jobs waited for locality) or `delay/no-pending`. Deterministic.
 */
export function createDelayPolicy(config?: Partial<DelayConfig>, context?: PolicyContext): DelayPolicy {
  const detail = evidenceDetailOf(context);
  const resolved = resolveDelayConfig(config);
  const { userOrder, by } = resolved;
  const thresholds: [number, number] =
    by === 'skips'
      ? [resolved.maxSkips, resolved.rackMaxSkips]
      : [resolved.nodeLocalityWait, resolved.rackLocalityWait];
  const maxCount = resolved.maxSkips + resolved.rackMaxSkips;
  const waits = new Map<JobId, JobWait>();
  const waitOf = (job: JobView): JobWait => {
    let wait = waits.get(job.id);
    if (wait === undefined) {
      wait = { level: 0, skips: 0, waitingSince: undefined };
      waits.set(job.id, wait);
    }
    return wait;
  };
  const waited = (wait: JobWait, view: ClusterView): number =>
    by === 'skips' ? wait.skips : wait.waitingSince === undefined ? 0 : view.now - wait.waitingSince;

  const reduceFor = (job: JobView, offer: SlotOffer, view: ClusterView): Decision | undefined => {
    if (offer.kind === 'map' || !job.reducesReady) return undefined;
    const reduce = job.waitingReduces()[0];
    if (reduce === undefined) return undefined;
    const capped =
      offer.kind === 'container' &&
      job.count('map', 'pending') > 0 &&
      view.runningCount('reduce') >= Math.floor(resolved.reduceRampupLimit * view.totalSlots('container'));
    return capped ? undefined : { type: 'launch', task: reduce, reason: 'delay/reduce' };
  };

  const mapFor = (job: JobView, offer: SlotOffer, view: ClusterView): Decision | 'skip' | undefined => {
    if (offer.kind === 'reduce' || job.count('map', 'pending') === 0) return undefined;
    const wait = waitOf(job);
    const allowed = allowedLevel(wait, waited(wait, view), thresholds);
    const candidates: (MapTaskView | undefined)[] = [
      job.pendingMapsOnNode(offer.node)[0],
      allowed >= 1 ? job.pendingMapsOnRack(view.topology.rackOf(offer.node))[0] : undefined,
      allowed >= 2 ? job.pendingMaps()[0] : undefined,
    ];
    const level = candidates.findIndex((task) => task !== undefined);
    if (level >= 0) {
      wait.level = resolved.relaxedLevel === 'kept' ? (level as LocalityLevel) : 0;
      wait.skips = 0;
      wait.waitingSince = undefined;
      return { type: 'launch', task: candidates[level]!, reason: `delay/${RULES[level]}` };
    }
    wait.skips = Math.min(wait.skips + 1, maxCount);
    wait.waitingSince ??= view.now;
    return 'skip';
  };

  const evidenceOf = (
    decision: Decision,
    group: string | undefined,
    offer: SlotOffer,
    view: ClusterView,
    skipped: EvidenceEntries<DelaySkippedJob>,
    before: number,
  ): DelayEvidence => ({
    ...(decision.type === 'launch'
      ? {
          job: decision.task.job,
          ...(group === undefined ? {} : { group }),
          task: `${decision.task.kind}:${decision.task.index}`,
          locality: decision.reason.slice('delay/'.length),
          waited: before,
        }
      : {}),
    node: offer.node,
    rack: view.topology.rackOf(offer.node),
    measure: by,
    thresholds: [thresholds[0], thresholds[0] + thresholds[1]],
    skipped: skipped.entries,
    skippedCount: skipped.count,
  });

  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      let skipped = false;
      const passed = detail === undefined ? undefined : new EvidenceEntries<DelaySkippedJob>(detail);
      for (const group of userOrder.order(view, offer.kind)) {
        for (const job of group.jobs) {
          const before = passed === undefined ? 0 : waited(waitOf(job), view);
          const decision = reduceFor(job, offer, view) ?? mapFor(job, offer, view);
          if (decision === 'skip') {
            skipped = true;
            passed?.add(() => ({
              job: job.id,
              why: 'waits for a local map',
              waited: waited(waitOf(job), view),
            }));
          } else if (decision !== undefined) {
            return passed === undefined
              ? decision
              : {
                  ...decision,
                  evidence: evidenceOf(decision, group.key, offer, view, passed, before),
                };
          }
        }
      }
      const pass: Decision = { type: 'pass', reason: skipped ? 'delay/skip' : 'delay/no-pending' };
      return passed === undefined
        ? pass
        : { ...pass, evidence: evidenceOf(pass, undefined, offer, view, passed, 0) };
    },
    onJobCompleted(job: JobView): void {
      waits.delete(job.id);
    },
    skipCount: (job: JobId): number => waits.get(job)?.skips ?? 0,
  } satisfies DelayPolicy;
}

/**
 * Registry entry of {@link createDelayPolicy}. Its defaults carry no `userOrder`: a
 * registry passes one (Fair's) in the configuration, and creation without one throws.
 */
export const delayPolicy: PolicyDefinition<DelayConfig> = Object.freeze({
  name: 'delay',
  summary: 'Delay scheduling: node, then rack locality with a skip count or wait time, on any fairness order',
  defaults: DELAY_DEFAULTS,
  create: createDelayPolicy,
});
