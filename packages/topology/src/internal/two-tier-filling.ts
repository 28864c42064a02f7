import { LinkQueue } from './link-queue.js';
import { growFloat64, growInt32 } from './typed-arrays.js';

/** Role of a link never crossed yet. */
export const UNUSED = 0;
/** A link only ever crossed first (a rack's uplink). */
export const SOURCE = 1;
/** A link only ever crossed second (a rack's downlink). */
export const SINK = 2;

/**
 * Exact max-min fair rates over paths of two links — a source link, then a sink link —
 * such as a fabric of one machine per rack, where a flow crosses its source rack's uplink
 * and its destination rack's downlink and nothing else.
 *
 * The flows of one (source, sink) pair are interchangeable: the pair is a weighted cell
 * of a dense sources × sinks matrix (its weight = its flow count). Progressive filling
 * then needs no incidence lists: when a source link freezes at share s, every sink link
 * not frozen yet gives up s × weight of its cell with that source (and conversely), so a
 * solve costs O(links × log links + frozen-link × unfrozen-link pairs) and touches no flow;
 * after flows only left, it resumes where the first changed link froze (see `run`).
 *
 * Same order and arithmetic as `ProgressiveFilling` with weights (its oracle): the link
 * with the smallest share freezes next (ties to the lower link index, shares kept lazily
 * in a `LinkQueue`), a link's remaining capacity loses each frozen neighbour's share in
 * freezing order and is clamped at 0, a link whose flows all froze elsewhere is skipped.
 */
export class TwoTierFilling {
  readonly role: Uint8Array;
  /** A link's index among the links of its role. */
  readonly slot: Int32Array;
  readonly sourceLinks: Int32Array;
  readonly sinkLinks: Int32Array;
  sources = 0;
  sinks = 0;
  /** Room for slots on either side; the matrices are dim × dim. */
  private dim = 0;
  /** Flows of each (source slot, sink slot) cell: `rows[source × dim + sink]`. */
  private rows: Int32Array = new Int32Array(0);
  /** The same, transposed: `columns[sink × dim + source]`. */
  private columns: Int32Array = new Int32Array(0);
  /** The bundle id of each cell (`source × dim + sink`), or -1. */
  cellBundle: Int32Array = new Int32Array(0);
  /** Flows on each link. */
  readonly linkWeight: Float64Array;
  /** After `run`: the links in the order they froze (`frozen` of them). */
  readonly order: Int32Array;
  frozen = 0;
  /** After `run`: the share at which each link of `order` froze. */
  readonly share: Float64Array;
  /** After `run`: the steps it kept from the run before (the order's first `resumed` links). */
  resumed = 0;
  /** Cell pairs visited by the solves so far (for benchmarks). */
  visits = 0;

  private readonly queue: LinkQueue;
  private openSources: Int32Array;
  private openSinks: Int32Array;
  private readonly openAt: Int32Array;
  /** The step of the last run at which a link froze, or -1. */
  private readonly step: Int32Array;
  /** Links whose cells changed since the last run, and whether any cell gained flows. */
  private readonly touched: Uint8Array;
  private touchedLinks: Int32Array;
  private touchedCount = 0;
  private gained = true;
  /**
   * Remaining capacity (`held`) and flows frozen at other links (`gone`) of the open
   * links, by slot: row `step` holds what that step of the last run left on the other
   * side's links (it depends only on the cells of the links frozen before, so it stays
   * right while those steps are kept); rows `firstRow` and `firstRow + 1` hold the
   * sources' and the sinks' state before any step.
   */
  private held: Float64Array = new Float64Array(0);
  private gone: Float64Array = new Float64Array(0);
  private readonly firstRow: number;

  constructor(private readonly capacities: Float64Array) {
    const links = capacities.length;
    this.role = new Uint8Array(links);
    this.slot = new Int32Array(links).fill(-1);
    this.sourceLinks = new Int32Array(links);
    this.sinkLinks = new Int32Array(links);
    this.linkWeight = new Float64Array(links);
    this.order = new Int32Array(links);
    this.share = new Float64Array(links);
    this.queue = new LinkQueue(links);
    this.openSources = new Int32Array(links);
    this.openSinks = new Int32Array(links);
    this.openAt = new Int32Array(links);
    this.step = new Int32Array(links).fill(-1);
    this.touched = new Uint8Array(links);
    this.touchedLinks = new Int32Array(links);
    this.firstRow = links;
    this.grow(Math.min(links, 16));
  }

  /** Gives link `l` its role on first use; false if it already has the other one. */
  claim(l: number, role: number): boolean {
    const had = this.role[l]!;
    if (had !== UNUSED) return had === role;
    const slot = role === SOURCE ? this.sources : this.sinks;
    if (slot === this.dim) this.grow(Math.min(this.capacities.length, this.dim * 2));
    this.role[l] = role;
    this.slot[l] = slot;
    if (role === SOURCE) this.sourceLinks[this.sources++] = l;
    else this.sinkLinks[this.sinks++] = l;
    return true;
  }

  /** The cell of a source and a sink link (both claimed); valid until the next `claim`. */
  cell(source: number, sink: number): number {
    return this.slot[source]! * this.dim + this.slot[sink]!;
  }

  /** Adds `delta` flows to the cell between `source` and `sink`. */
  weigh(source: number, sink: number, delta: number): void {
    const i = this.slot[source]!;
    const j = this.slot[sink]!;
    this.rows[i * this.dim + j]! += delta;
    this.columns[j * this.dim + i]! += delta;
    this.linkWeight[source]! += delta;
    this.linkWeight[sink]! += delta;
    if (delta > 0) this.gained = true;
    this.touch(source);
    this.touch(sink);
  }

  /**
   * Calls `fn(other, bundle)` for every cell of link `l` that has a bundle, with the link
   * at the cell's other end.
   */
  forEachCell(l: number, fn: (other: number, bundle: number) => void): void {
    const s = this.slot[l]!;
    const isSource = this.role[l] === SOURCE;
    const count = isSource ? this.sinks : this.sources;
    for (let x = 0; x < count; x++) {
      const b = this.cellBundle[isSource ? s * this.dim + x : x * this.dim + s]!;
      if (b >= 0) fn(isSource ? this.sinkLinks[x]! : this.sourceLinks[x]!, b);
    }
  }

  private touch(l: number): void {
    if (this.touched[l] === 1) return;
    this.touched[l] = 1;
    this.touchedLinks[this.touchedCount++] = l;
  }

  /**
   * Freezes the links in order of their fair share, writing `order`, `frozen`, `share`
   * and `resumed` (see the class).
   *
   * When cells only lost flows since the last run, the run resumes at the first step that
   * froze a link of a changed cell: before it, the same links freeze at the same shares
   * with the same arithmetic (a changed link's share only grew, and its remaining capacity
   * lost the same amounts), so the steps are kept, and the state of that step is what the
   * last run left there, with each changed link's unfrozen flows lowered by what it lost.
   */
  run(): void {
    const { capacities, linkWeight, order, queue, step, dim } = this;
    let from = this.gained ? 0 : this.frozen;
    if (!this.gained) {
      for (let x = 0; x < this.touchedCount; x++) {
        const at = step[this.touchedLinks[x]!]!;
        if (at >= 0 && at < from) from = at;
      }
    }
    for (let x = 0; x < this.touchedCount; x++) this.touched[this.touchedLinks[x]!] = 0;
    this.touchedCount = 0;
    this.gained = false;
    for (let k = from; k < this.frozen; k++) step[order[k]!] = -1;
    // The last steps of each side before `from`: what the other side's links held then.
    let lastSource = -1;
    let lastSink = -1;
    for (let k = from - 1; k >= 0 && (lastSource < 0 || lastSink < 0); k--) {
      if (this.role[order[k]!] === SOURCE) {
        if (lastSource < 0) lastSource = k;
      } else if (lastSink < 0) lastSink = k;
    }
    queue.size = 0;
    // Each side's state is the row of the last step that changed it, or its first row.
    const sourceRow = lastSink >= 0 ? lastSink * dim : this.firstRow * dim;
    const sinkRow = lastSource >= 0 ? lastSource * dim : (this.firstRow + 1) * dim;
    const sources = this.open(this.sourceLinks, this.sources, this.openSources, sourceRow, lastSink < 0);
    let total = 0;
    for (let k = 0; k < sources; k++) {
      const i = this.openSources[k]!;
      total += linkWeight[this.sourceLinks[i]!]! - this.gone[sourceRow + i]!;
    }
    const sinks = this.open(this.sinkLinks, this.sinks, this.openSinks, sinkRow, lastSource < 0);
    queue.heapify();
    this.frozen = from;
    this.resumed = from;
    this.fill(total, sources, sinks, sourceRow, sinkRow);
  }

  /**
   * Opens the links of one side with flows and not frozen, in the state of row `row`
   * (written afresh — capacity, no flow gone — when `first`), and queues them; returns
   * how many.
   */
  private open(links: Int32Array, count: number, open: Int32Array, row: number, first: boolean): number {
    const { linkWeight, held, gone, step, queue, openAt } = this;
    if (first) {
      for (let s = 0; s < count; s++) {
        held[row + s] = this.capacities[links[s]!]!;
        gone[row + s] = 0;
      }
    }
    let n = 0;
    for (let s = 0; s < count; s++) {
      const l = links[s]!;
      const w = linkWeight[l]!;
      if (w === 0 || step[l]! >= 0) continue;
      openAt[l] = n;
      open[n++] = s;
      const away = gone[row + s]!;
      if (w > away) queue.append(l, held[row + s]! / (w - away));
    }
    return n;
  }

  /**
   * Progressive filling from the state `run` set up: the sources' state in the row at
   * `sourceRow`, the sinks' at `sinkRow`. A step that freezes a link writes the other
   * side's new state into its own row.
   */
  private fill(
    total: number,
    openSourceCount: number,
    openSinkCount: number,
    sourceRow: number,
    sinkRow: number,
  ): void {
    const { rows, columns, dim, order, share, queue, slot, role, held, gone, step, openAt } = this;
    const { openSources, openSinks, sourceLinks, sinkLinks, linkWeight } = this;
    let sourceAt = sourceRow;
    let sinkAt = sinkRow;
    let sources = openSourceCount;
    let sinks = openSinkCount;
    let left = total;
    let frozen = this.frozen;
    let visits = 0;
    while (left > 0 && queue.size > 0) {
      const l = queue.top();
      const s = slot[l]!;
      const isSource = role[l] === SOURCE;
      const at = (isSource ? sourceAt : sinkAt) + s;
      const n = linkWeight[l]! - gone[at]!;
      if (n === 0) {
        queue.pop();
        continue;
      }
      const level = held[at]! / n;
      if (level > queue.topShare()) {
        queue.raiseTop(level);
        continue;
      }
      queue.pop();
      const to = frozen * dim;
      step[l] = frozen;
      order[frozen++] = l;
      share[l] = level;
      left -= n;
      // l leaves its side's open links; the other side's open links give up its share.
      const place = openAt[l]!;
      const own = isSource ? openSources : openSinks;
      const moved = own[isSource ? --sources : --sinks]!;
      own[place] = moved;
      openAt[(isSource ? sourceLinks : sinkLinks)[moved]!] = place;
      if (isSource) {
        visits += sinks;
        deduct(rows, s * dim, openSinks, sinks, level, held, gone, sinkAt, to);
        sinkAt = to;
      } else {
        visits += sources;
        deduct(columns, s * dim, openSources, sources, level, held, gone, sourceAt, to);
        sourceAt = to;
      }
    }
    this.frozen = frozen;
    this.visits += visits;
  }

  /** Room for `dim` slots on either side. */
  private grow(dim: number): void {
    const old = this.dim;
    const rows = new Int32Array(dim * dim);
    const columns = new Int32Array(dim * dim);
    const bundles = new Int32Array(dim * dim).fill(-1);
    for (let i = 0; i < old; i++) {
      rows.set(this.rows.subarray(i * old, (i + 1) * old), i * dim);
      columns.set(this.columns.subarray(i * old, (i + 1) * old), i * dim);
      bundles.set(this.cellBundle.subarray(i * old, (i + 1) * old), i * dim);
    }
    this.rows = rows;
    this.columns = columns;
    this.cellBundle = bundles;
    this.dim = dim;
    // Kept states are indexed by the old row length: the next run starts afresh.
    const rowCount = this.capacities.length + 2;
    this.held = new Float64Array(rowCount * dim);
    this.gone = new Float64Array(rowCount * dim);
    this.gained = true;
  }
}

/**
 * One freezing step on the other side's open links (slots `open[0 … count)`): each gives
 * up `level` × its cell's flows (`cells[base + slot]`) of the state in row `from`, and the
 * new state goes to row `to`.
 */
function deduct(
  cells: Int32Array,
  base: number,
  open: Int32Array,
  count: number,
  level: number,
  held: Float64Array,
  gone: Float64Array,
  from: number,
  to: number,
): void {
  for (let k = 0; k < count; k++) {
    const x = open[k]!;
    const w = cells[base + x]!;
    const rest = held[from + x]! - level * w;
    held[to + x] = rest > 0 ? rest : 0;
    gone[to + x] = gone[from + x]! + w;
  }
}
