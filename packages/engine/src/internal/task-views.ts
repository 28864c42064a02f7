import type {
  Bytes,
  Fraction,
  JobId,
  MapTaskView,
  NodeId,
  ReduceTaskView,
  Seconds,
  TaskState,
} from '@rackwise/types';
import type { EngineContext } from './engine-context.js';
import {
  COMPLETED,
  EMPTY,
  PHASE_MAP_COMPUTE,
  PHASE_REDUCE_COMPUTE,
  PHASE_WRITE,
  STATE_NAMES,
} from './task-states.js';

/** What a task view reads of its job's state (a `JobState`, which creates the views). */
export interface TaskOwner {
  readonly id: JobId;
  readonly engine: Pick<EngineContext, 'attempts' | 'now'>;
  readonly replication: number;
  readonly replicas: Int32Array;
  readonly mapState: Uint8Array;
  readonly mapOutputNode: Int32Array;
  readonly mapStart: Float64Array;
  readonly mapAttempt: Int32Array;
  readonly reduceState: Uint8Array;
  readonly reduceNode: Int32Array;
  readonly reduceStart: Float64Array;
  readonly reduceProgress: Float64Array;
  readonly reduceAttempt: Int32Array;
  readonly reducePreemptions: Int32Array;
  readonly completedMapOutputBytes: number;
  mapInputBytes(i: number): Bytes;
  trueMapOutput(i: number): Bytes;
  reduceWeight(r: number): number;
  reduceFetchedBytes(r: number): Bytes;
}

/** What every task view holds: its job's state and its index there. */
abstract class TaskViewBase {
  constructor(
    readonly owner: TaskOwner,
    readonly index: number,
  ) {}

  get job(): JobId {
    return this.owner.id;
  }
}

/**
 * The view of one map task: a thin object over its job's typed arrays, created once per
 * map when the job is submitted and reused for the whole run.
 */
export class MapTask extends TaskViewBase implements MapTaskView {
  readonly kind = 'map' as const;
  #replicas: readonly NodeId[] | undefined;

  get state(): TaskState {
    return STATE_NAMES[this.owner.mapState[this.index]!]!;
  }

  get inputBytes(): number {
    return this.owner.mapInputBytes(this.index);
  }

  get replicaNodes(): readonly NodeId[] {
    if (this.#replicas === undefined) {
      const owner = this.owner;
      const nodes: NodeId[] = [];
      const base = this.index * owner.replication;
      for (let r = 0; r < owner.replication; r++) {
        const node = owner.replicas[base + r]!;
        if (node >= 0) nodes.push(node as NodeId);
      }
      this.#replicas = Object.freeze(nodes);
    }
    return this.#replicas;
  }

  /** A fresh array of the nodes running a copy (empty unless running). */
  get runningOn(): readonly NodeId[] {
    const owner = this.owner;
    let a = owner.mapAttempt[this.index]!;
    if (a < 0) return EMPTY;
    const attempts = owner.engine.attempts;
    const nodes: NodeId[] = [];
    while (a >= 0) {
      nodes.push(attempts.node[a]! as NodeId);
      a = attempts.nextCopy[a]!;
    }
    return nodes;
  }

  get outputNode(): NodeId | undefined {
    const node = this.owner.mapOutputNode[this.index]!;
    return node < 0 ? undefined : (node as NodeId);
  }

  get outputBytes(): number | undefined {
    return this.owner.mapState[this.index] === COMPLETED ? this.owner.trueMapOutput(this.index) : undefined;
  }

  get startTime(): Seconds | undefined {
    const t = this.owner.mapStart[this.index]!;
    return Number.isNaN(t) ? undefined : t;
  }

  get progress(): Fraction {
    const owner = this.owner;
    if (owner.mapState[this.index] === COMPLETED) return 1;
    const attempts = owner.engine.attempts;
    const now = owner.engine.now;
    let best = 0;
    for (let a = owner.mapAttempt[this.index]!; a >= 0; a = attempts.nextCopy[a]!) {
      if (attempts.phase[a] !== PHASE_MAP_COMPUTE) continue;
      const length = attempts.phaseLength[a]!;
      const p = length > 0 ? Math.min(1, (now - attempts.phaseStart[a]!) / length) : 1;
      if (p > best) best = p;
    }
    return best;
  }
}

/** The view of one reduce task over its job's typed arrays, created once per reduce. */
export class ReduceTask extends TaskViewBase implements ReduceTaskView {
  readonly kind = 'reduce' as const;

  get state(): TaskState {
    return STATE_NAMES[this.owner.reduceState[this.index]!]!;
  }

  get node(): NodeId | undefined {
    const node = this.owner.reduceNode[this.index]!;
    return node < 0 ? undefined : (node as NodeId);
  }

  get startTime(): Seconds | undefined {
    const t = this.owner.reduceStart[this.index]!;
    return Number.isNaN(t) ? undefined : t;
  }

  get fetchedBytes(): number {
    return this.owner.reduceFetchedBytes(this.index);
  }

  get availableBytes(): number {
    return this.owner.reduceWeight(this.index) * this.owner.completedMapOutputBytes;
  }

  get reduceProgress(): Fraction {
    const owner = this.owner;
    const r = this.index;
    if (owner.reduceState[r] === COMPLETED) return 1;
    const done = owner.reduceProgress[r]!;
    const a = owner.reduceAttempt[r]!;
    if (a < 0) return done;
    const attempts = owner.engine.attempts;
    const phase = attempts.phase[a];
    if (phase === PHASE_WRITE) return 1;
    if (phase !== PHASE_REDUCE_COMPUTE) return done;
    const length = attempts.phaseLength[a]!;
    if (length <= 0) return 1;
    // The phase covers the remaining (1 − done) of the work.
    const elapsed = (owner.engine.now - attempts.phaseStart[a]!) / length;
    return Math.min(1, done + (1 - done) * elapsed);
  }

  get preemptions(): number {
    return this.owner.reducePreemptions[this.index]!;
  }
}
