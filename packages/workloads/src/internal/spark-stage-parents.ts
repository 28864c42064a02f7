import type { SparkStageRecord } from './spark-events.js';

/** A stage's parents in the trace, and what of its shuffle no kept stage wrote. */
export interface ResolvedParents {
  /** Indices of kept stages whose output the stage read (a skipped parent's producer included). */
  readonly parents: number[];
  /** Skipped parents matched to the kept stage that wrote their output: [skipped id, producer id]. */
  readonly matched: [number, number][];
  /** Skipped (or left out) parents that no kept stage produced. */
  readonly unproduced: number[];
  /** Their tasks (the shuffle's sources a replay models). */
  readonly unproducedTasks: number;
}

/**
 * The kept stages by the RDD they compute, to find which one wrote the output of a stage
 * Spark skipped. When a later job needs a shuffle an earlier job wrote, Spark lists a new
 * stage for it (a new id, never submitted: "skipped") over the same RDD; SQL plans do this
 * for every exchange. The RDD a stage computes is the highest `RDD ID` of its `RDD Info`
 * (the stage's RDD comes after its narrow ancestors).
 */
export class StageProducers {
  readonly #byRdd = new Map<number, { id: number; index: number; tasks: number }[]>();

  /** A kept stage, in id order. */
  kept(stage: SparkStageRecord, index: number): void {
    if (stage.rdd === undefined) return;
    let list = this.#byRdd.get(stage.rdd);
    if (list === undefined) {
      list = [];
      this.#byRdd.set(stage.rdd, list);
    }
    list.push({ id: stage.id, index, tasks: stage.taskCount });
  }

  /**
   * The parents of `stage` among the kept stages (`indexOf`: stage id → index), a skipped
   * parent replaced by the latest earlier kept stage over the same RDD (the same task count
   * preferred).
   * @throws Error when a parent completed after its child (a reordered log).
   */
  resolve(
    stage: SparkStageRecord,
    records: ReadonlyMap<number, SparkStageRecord>,
    indexOf: ReadonlyMap<number, number>,
  ): ResolvedParents {
    const parents: number[] = [];
    const matched: [number, number][] = [];
    const unproduced: number[] = [];
    let unproducedTasks = 0;
    const add = (index: number) => {
      if (!parents.includes(index)) parents.push(index);
    };
    for (const p of stage.parents) {
      const at = indexOf.get(p);
      if (at !== undefined) {
        add(at);
        continue;
      }
      const parent = records.get(p);
      if (parent?.completed !== undefined) {
        throw new Error(
          `${stage.where}, field "Parent IDs": parent stage ${p} of stage ${stage.id} comes after it`,
        );
      }
      const producer = parent?.submitted === undefined ? this.#producer(parent, stage.id) : undefined;
      if (producer !== undefined) {
        add(producer.index);
        matched.push([p, producer.id]);
        continue;
      }
      unproduced.push(p);
      unproducedTasks += Math.max(1, parent?.taskCount ?? 1);
    }
    return { parents, matched, unproduced, unproducedTasks };
  }

  #producer(parent: SparkStageRecord | undefined, before: number) {
    if (parent?.rdd === undefined) return undefined;
    const earlier = (this.#byRdd.get(parent.rdd) ?? []).filter((k) => k.id < before);
    return earlier.filter((k) => k.tasks === parent.taskCount).at(-1) ?? earlier.at(-1);
  }
}
