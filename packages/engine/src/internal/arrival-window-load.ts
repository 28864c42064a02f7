import type { ArrivalWindowLoadMetrics } from '@rackwise/metrics';
import type { Topology } from '@rackwise/topology';
import type { NodeId } from '@rackwise/types';

/** Bins of the utilisation histogram: quantiles are exact to 1e-4 (the bin's lower edge). */
const BINS = 10_000;

/**
 * What the cluster delivered during the arrival window, from the monitor's samples (one
 * every `monitorInterval`): every rack uplink's utilisation at every sample, and the
 * share of slots (or containers) held by tasks. The window is only known to be over at
 * the last submission, so samples taken after the latest submission wait and join it if
 * another job arrives. The monitor sleeps while the cluster is idle: the sample times it
 * skipped inside the window count as idle (utilisation 0, no slot held).
 */
export class ArrivalWindowLoad {
  readonly #racks: number;
  readonly #slots: number;
  readonly #interval: number;
  readonly #histogram = new Float64Array(BINS + 1);
  #utilisationSum = 0;
  #samples = 0;
  #slotSum = 0;
  #first = Number.NaN;
  #last = Number.NaN;
  /** Jobs still to be submitted: once none is, later samples can no longer join the window. */
  #toSubmit: number;
  /** Samples after the latest submission: uplink utilisations (racks per sample) and slot shares. */
  #waitingLinks: number[] = [];
  #waitingSlots: number[] = [];

  constructor(topology: Topology, interval: number, jobs: number) {
    this.#toSubmit = jobs;
    this.#racks = topology.rackCount;
    this.#interval = interval;
    let slots = 0;
    for (let n = 0; n < topology.nodeCount; n++) {
      for (const kind of ['map', 'reduce', 'container'] as const)
        slots += topology.slotsOf(n as NodeId, kind);
    }
    this.#slots = slots;
  }

  /** A job was submitted now. */
  submitted(now: number): void {
    if (Number.isNaN(this.#first)) this.#first = now;
    this.#last = now;
    this.#toSubmit--;
    const racks = this.#racks;
    const links = this.#waitingLinks;
    this.#waitingSlots.forEach((slots, i) => this.#add(links, i * racks, slots));
    this.#waitingLinks = [];
    this.#waitingSlots = [];
  }

  /** A monitor sample: every rack's uplink utilisation (by rack) and the slots held. */
  sample(now: number, uplinks: ArrayLike<number>, usedSlots: number): void {
    const slots = this.#slots > 0 ? usedSlots / this.#slots : 0;
    if (now <= this.#last) {
      this.#add(uplinks, 0, slots);
      return;
    }
    if (this.#toSubmit <= 0) return;
    for (let r = 0; r < this.#racks; r++) this.#waitingLinks.push(uplinks[r]!);
    this.#waitingSlots.push(slots);
  }

  #add(links: ArrayLike<number>, from: number, slots: number): void {
    for (let r = 0; r < this.#racks; r++) this.#addLink(links[from + r]!);
    this.#samples++;
    this.#slotSum += slots;
  }

  #addLink(u: number): void {
    const bin = Math.min(BINS, Math.max(0, Math.floor(u * BINS + 1e-7)));
    this.#histogram[bin]!++;
    this.#utilisationSum += u;
  }

  /** The window's figures; the offered load comes from the job records. */
  metrics(offered: { window: number; offered: number }): ArrivalWindowLoadMetrics {
    const interval = this.#interval;
    // Sample times in (first, last]: the monitor samples on multiples of its interval.
    const grid =
      Number.isNaN(this.#first) || !(offered.window > 0)
        ? 0
        : Math.floor(this.#last / interval + 1e-9) - Math.floor(this.#first / interval + 1e-9);
    const samples = Math.max(grid, this.#samples);
    const idle = samples - this.#samples;
    const links = samples * this.#racks;
    const quantile = (q: number): number => {
      if (links === 0) return Number.NaN;
      const rank = Math.max(1, Math.ceil(q * links));
      let seen = idle * this.#racks;
      if (seen >= rank) return 0;
      for (let b = 0; b <= BINS; b++) {
        seen += this.#histogram[b]!;
        if (seen >= rank) return b / BINS;
      }
      return 1;
    };
    return {
      window: offered.window,
      offered: offered.offered,
      uplinkUtilisation: {
        mean: links === 0 ? Number.NaN : this.#utilisationSum / links,
        p50: quantile(0.5),
        p95: quantile(0.95),
      },
      slotUse: samples === 0 ? Number.NaN : this.#slotSum / samples,
    };
  }
}
