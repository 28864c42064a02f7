import type { JobSpec } from '@rackwise/types';

/**
 * Jobs held back until the jobs they depend on (`JobSpec.dependsOn`) complete, and the
 * nodes where a completed parent's tasks ran, for children whose maps stand for them.
 * Without dependencies it holds nothing and every job arrives at once.
 */
export class JobDependencies {
  /** Parents not yet completed, per job. */
  readonly #remaining: Int32Array;
  /** Children of each job that has some. */
  readonly #children = new Map<number, number[]>();
  /** Whether a job's submit time has come (it waits only on its parents). */
  readonly #arrived: Uint8Array;
  /** Jobs released (arrived, parents done) and not yet activated, in release order. */
  readonly #released: number[] = [];
  /** Task nodes of completed parents, kept while a child may need them. */
  readonly #taskNodes = new Map<number, Int32Array>();

  constructor(private readonly specs: readonly JobSpec[]) {
    this.#remaining = new Int32Array(specs.length);
    this.#arrived = new Uint8Array(specs.length);
    specs.forEach((spec, child) => {
      for (const parent of spec.dependsOn ?? []) {
        this.#remaining[child]!++;
        let list = this.#children.get(parent);
        if (list === undefined) {
          list = [];
          this.#children.set(parent, list);
        }
        list.push(child);
      }
    });
  }

  get hasReleased(): boolean {
    return this.#released.length > 0;
  }

  /** The next released job, or −1. */
  takeReleased(): number {
    return this.#released.shift() ?? -1;
  }

  /** A job's submit time came: whether it may be activated now (else it waits for its parents). */
  arrive(job: number): boolean {
    this.#arrived[job] = 1;
    return this.#remaining[job] === 0;
  }

  /**
   * A job completed, its tasks having run on `taskNodes`: releases the children whose
   * last parent it was and whose submit time came. Returns whether some were released.
   */
  complete(job: number, taskNodes: Int32Array): boolean {
    const children = this.#children.get(job);
    if (children === undefined) return false;
    this.#taskNodes.set(job, taskNodes.slice());
    let released = false;
    for (const child of children) {
      if (--this.#remaining[child]! === 0 && this.#arrived[child] === 1) {
        this.#released.push(child);
        released = true;
      }
    }
    return released;
  }

  /** The nodes of the tasks of a job's parents, in `dependsOn` order. */
  parentTaskNodes(job: number): Int32Array {
    const parents = this.specs[job]!.dependsOn ?? [];
    const parts = parents.map((p) => this.#taskNodes.get(p)!);
    const out = new Int32Array(parts.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}
