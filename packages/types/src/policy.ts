import type { ClusterView } from './cluster-view.js';
import type { MapTaskView, TaskRef } from './job-view.js';
import type { JobView } from './job-view.js';
import type { SlotKind } from './topology-view.js';
import type { NodeId, Seconds } from './units.js';

/** A node offers one free slot of a kind (on a heartbeat, or when a slot frees). */
export interface SlotOffer {
  /** The node with the free slot. */
  readonly node: NodeId;
  /** The kind of the free slot: a task launched in it must be of a kind it runs. */
  readonly kind: SlotKind;
}

/** One value among the quantities that decided an offer: plain data a host can log or serialise. */
export type EvidenceValue =
  | number
  | string
  | boolean
  | null
  | readonly EvidenceValue[]
  | { readonly [key: string]: EvidenceValue };

/**
 * The values that decided one offer, as the policy saw them (the locality level and the
 * alternatives skipped, a share against the others', a link utilisation against its
 * threshold…). Each policy documents and exports the shape of its own evidence; hosts
 * treat it as plain data. Built only when the host asks for it
 * (`PolicyContext.recordEvidence`), so it costs nothing otherwise.
 */
export interface DecisionEvidence {
  /** `undefined` stands for an absent field (so optional fields type-check without `exactOptionalPropertyTypes`); serialisers drop it. */
  readonly [key: string]: EvidenceValue | undefined;
}

/**
 * Launch a task in the offered slot. `task` must be a pending task (or a suspended
 * reduce, which resumes — on another node than before, that is a migration) of a kind
 * the slot runs; with `duplicate`, a running map gets another copy there (Shadow, KMN).
 */
export interface LaunchDecision {
  /** Discriminates a launch from a {@link PassDecision}. */
  readonly type: 'launch';
  /** The task to launch (or resume, or duplicate) in the offered slot. */
  readonly task: TaskRef;
  /** Short reason code, `policy/rule` (`mts/local-qualified`, `delay/rack-local`). */
  readonly reason: string;
  /** Launch another copy of a running map rather than a waiting task (Shadow, KMN). */
  readonly duplicate?: boolean;
  /** The values that decided it; present only when the host asked for evidence. */
  readonly evidence?: DecisionEvidence;
}

/** Leave the offered slot idle until the next offer. */
export interface PassDecision {
  /** Discriminates a pass from a {@link LaunchDecision}. */
  readonly type: 'pass';
  /** Short reason code (`fair/no-pending`, `delay/skipped`). */
  readonly reason: string;
  /** The values that decided it; present only when the host asked for evidence. */
  readonly evidence?: DecisionEvidence;
}

/** What a policy answers to an offer: data, never an exception. */
export type Decision = LaunchDecision | PassDecision;

/** A seeded random source handed in by the host; policies never use `Math.random`. */
export interface RandomSource {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, bound). */
  int(bound: number): number;
}

/** What the host hands a policy when it creates it. */
export interface PolicyContext {
  /** The policy's only source of randomness, seeded by the host so runs replay. */
  readonly random: RandomSource;
  /**
   * The host wants each decision's `evidence`. Absent or false: a policy builds none
   * (no allocation on the offer path for it).
   */
  readonly recordEvidence?: boolean;
  /**
   * How much evidence, when `recordEvidence` is true; `bounded` when absent. See
   * {@link EvidenceDetail}.
   */
  readonly evidenceDetail?: EvidenceDetail;
}

/**
 * How much a decision's evidence holds. `bounded`: what decided — the chosen group (user,
 * queue or job) and its nearest rivals, a few jobs passed over, and how many groups and
 * jobs there were in all — so its size does not grow with the active users and jobs.
 * `full`: every group of the order and every job passed over (for a story of one job, or
 * a test). The decision is the same either way.
 */
export type EvidenceDetail = 'bounded' | 'full';

/** A task event the host reports to the policy. */
export interface TaskEvent {
  /** The task that started or completed. */
  readonly task: TaskRef;
  /** The node it started or completed on (for a map with several copies, that copy's node). */
  readonly node: NodeId;
}

/**
 * Optional extension for policies that launch duplicate map copies (Shadow, KMN).
 * The host asks which copy's output the shuffle uses whenever a copy of a map with
 * several copies completes; the others are killed and their slot time and input
 * traffic counted.
 */
export interface DuplicationExtensionV1 {
  /**
   * `completedOn` just finished. Return the node of the copy to keep (the finished one,
   * or a still running one — an early choice), or `undefined` to keep the finished one.
   */
  chooseCopy(map: MapTaskView, completedOn: NodeId, view: ClusterView): NodeId | undefined;
}

/** A request to preempt one running reduce. */
export interface PreemptionRequest {
  /** The running reduce to preempt. */
  readonly task: TaskRef;
  /** Short reason code, `policy/rule`, as for a {@link Decision}. */
  readonly reason: string;
}

/**
 * Optional extension for policies that preempt reduces (FCS Preemptive ReduceTask).
 * `work-conserving`: the preempted reduce keeps its fetched bytes and progress and
 * becomes `suspended`; `kill`: its progress is lost and it becomes `pending`.
 */
export interface PreemptionExtensionV1 {
  /** What happens to a preempted reduce: `suspended` with its progress, or `pending` without. */
  readonly mode: 'work-conserving' | 'kill';
  /** Asked on every tick: which running reduces to preempt now. */
  preempt(view: ClusterView): readonly PreemptionRequest[];
}

/**
 * The policy contract, version 1. A host calls `assign` whenever a node offers a free
 * slot and acts on the decision; it reports lifecycle events through the optional hooks.
 *
 * A policy reads the cluster only through the views it is handed, keeps its own state,
 * and is deterministic given those views and the `RandomSource` of its context.
 */
export interface SchedulerPolicyV1 {
  /** The contract version the policy implements; the engine refuses a policy that names another. */
  readonly specificationVersion: 'v1';
  /** Registered name (`fair`, `nas`, `sw-delay`). */
  readonly name: string;
  /** Answer one offer. */
  assign(offer: SlotOffer, view: ClusterView): Decision;
  /** A job arrived; `view` already lists it among the active jobs. */
  onJobSubmitted?(job: JobView, view: ClusterView): void;
  /** A job's last task completed. */
  onJobCompleted?(job: JobView, view: ClusterView): void;
  /** A task (or another copy of a running map) was launched and holds a slot. */
  onTaskStarted?(event: TaskEvent, view: ClusterView): void;
  /** A task completed and released its slot. */
  onTaskCompleted?(event: TaskEvent, view: ClusterView): void;
  /** Seconds between `onTick` calls (and preemption checks); none if absent. */
  readonly tickInterval?: Seconds;
  /** Called every `tickInterval` seconds, for policies that act on time rather than offers. */
  onTick?(view: ClusterView): void;
  /** Present if the policy launches duplicate map copies (Shadow, KMN). */
  readonly duplication?: DuplicationExtensionV1;
  /** Present if the policy preempts reduces (FCS). */
  readonly preemption?: PreemptionExtensionV1;
}

/** The current policy contract. */
export type SchedulerPolicy = SchedulerPolicyV1;

/** Creates a policy from a (partial) configuration; missing fields take the defaults. */
export type PolicyFactory<Config extends object = Record<string, unknown>> = (
  config: Partial<Config> | undefined,
  context: PolicyContext,
) => SchedulerPolicy;

/**
 * What a policy package exports for registries: its name, a one-line summary, the
 * paper's defaults and the factory. Variants are definitions over the same factory with
 * other defaults.
 */
export interface PolicyDefinition<Config extends object = Record<string, unknown>> {
  /** Registered name, kebab-case and unique (`fair`, `nas`, `sw-delay`). */
  readonly name: string;
  /** One line that says what the policy does, for listings such as `rackwise policies`. */
  readonly summary: string;
  /** The configuration the factory uses for fields left out: the paper's values. */
  readonly defaults: Config;
  /** Creates the policy with these defaults under the given (partial) configuration. */
  readonly create: PolicyFactory<Config>;
}
