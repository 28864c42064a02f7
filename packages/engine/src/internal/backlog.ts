/**
 * The work waiting for a slot: pending maps over the active jobs, and pending or suspended
 * reduces of the jobs whose reduces may launch. The parts report what changes it; only
 * the backlog counts.
 */
export class Backlog {
  #maps = 0;
  #reduces = 0;

  /** Pending maps over all active jobs. */
  get waitingMaps(): number {
    return this.#maps;
  }

  /** Pending and suspended reduces of jobs whose reduces may launch. */
  get waitingReduces(): number {
    return this.#reduces;
  }

  /** A job arrived with `count` pending maps. */
  mapsArrived(count: number): void {
    this.#maps += count;
  }

  /** A pending map launched (or was done at submission). */
  mapTaken(): void {
    this.#maps--;
  }

  /** `count` reduces became free to launch (their job arrived ready, or reached slowstart). */
  reducesReady(count: number): void {
    this.#reduces += count;
  }

  /** A waiting reduce launched. */
  reduceTaken(): void {
    this.#reduces--;
  }

  /** A running reduce was preempted: it waits again. */
  reduceReturned(): void {
    this.#reduces++;
  }
}
