import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork } from '../flow-network-types.js';
import { CompletionWindow } from './completion-window.js';
import { KernelFilling, fillingKernelAvailable } from './filling-kernel.js';
import { checkAdvance, checkFlowLinks, checkFlowSize, checkLink, sortBySeq } from './flow-arguments.js';
import { ACTIVE, FlowTable, INSTANT } from './flow-table.js';
import { InterimFilling } from './interim-filling.js';
import { MAX_LINKS_PER_FLOW, ProgressiveFilling } from './progressive-filling.js';
import { ShareDrift } from './share-drift.js';
import { LevelShareEstimate } from './share-estimate.js';
import {
  CompletionBatch,
  type MutableStats,
  SolveSchedule,
  TIME_TOLERANCE,
  countSolve,
  emptyStats,
} from './solve-schedule.js';
import { growFloat64, growInt32 } from './typed-arrays.js';
import { describe } from './validate.js';

/**
 * What flows added between two deferred solves get (with a `resolveInterval`): `idle` —
 * rate 0 until the next solve; `residual` — at once, max-min among themselves over the
 * capacity the solved flows leave (`InterimFilling`); `share` — the same over at least
 * their likely share of each link at the next solve (`shareEstimate`).
 */
export type BetweenSolves = 'idle' | 'residual' | 'share';

/** Every `BetweenSolves`, in the order the settings document them. */
export const BETWEEN_SOLVES: readonly BetweenSolves[] = ['idle', 'residual', 'share'];

/**
 * Where full solves run: `webassembly` — the compiled progressive filling
 * (kernel/filling.ts), the same rates to the bit, where the runtime has WebAssembly and no
 * loss model is set (otherwise JavaScript); `javascript` — `ProgressiveFilling`.
 */
export type SolverKernel = 'webassembly' | 'javascript';

/** A newly solved rate within this relative distance of the old one is kept (no re-key). */
const RATE_TOLERANCE = 1e-12;

/**
 * With a `resolveTolerance`, a change pending this many resolve intervals after the last
 * full solve calls one, drifted or not: a local solve leaves the links its flows share
 * with others as they were, so what it moves there waits for a full solve.
 */
const FULL_SOLVE_AGE = 100;

/**
 * The per-flow model behind `createFlowNetwork` (the default, `model: 'per-flow'`): every
 * flow is an entity of the solver with its own rate and completion key. The oracle of the
 * bundled model; see `FlowNetwork` for the contract.
 */
export class PerFlowNetwork implements FlowNetwork {
  now: Seconds = 0;
  readonly stats: MutableStats = emptyStats();

  private readonly capacities: Float64Array;
  private readonly table: FlowTable;
  /** Full solves in JavaScript; absent where they run compiled. */
  private readonly filling: ProgressiveFilling | undefined;
  /** The compiled filling, where full solves and their re-timing run in WebAssembly. */
  private readonly compiled: KernelFilling | undefined;
  /**
   * Each active flow's completion time: when its last byte arrives at its current rate
   * (now if at most the tolerance is left; infinity at rate 0).
   */
  private due: Float64Array = new Float64Array(0);
  /** The order the active flows complete in until the next solve. */
  private readonly completions = new CompletionWindow();
  /**
   * Each link's load, the sum of its flows' rates; with the compiled filling, the kernel's
   * own array (its solves write it in place), taken again on `onMove`.
   */
  private load: Float64Array;
  /** Dense list of active flows and each flow's position in it. */
  private active: Int32Array = new Int32Array(0);
  private activePos: Int32Array = new Int32Array(0);
  private activeCount = 0;
  private readonly instant: number[] = [];
  private nextSeq = 0;
  private readonly schedule: SolveSchedule;
  private readonly batch = new CompletionBatch();
  /** Rates for flows added between deferred solves (`betweenSolves: 'residual'`), else absent. */
  private readonly interim: InterimFilling | undefined;
  /** With a `resolveTolerance`, how far the kept rates have drifted since the last full solve. */
  private readonly drift: ShareDrift | undefined;
  private lastFullSolve = Number.NEGATIVE_INFINITY;
  /** Gives a flow a rate between full solves (its old rate already off `load`). */
  private readonly assignSolved = (flow: number, rate: number): void => {
    const old = this.due[flow]!;
    this.setRate(flow, rate);
    this.completions.place(flow, old, this.due[flow]!, this.table.seq[flow]!);
    const t = this.table;
    const base = flow * MAX_LINKS_PER_FLOW;
    const end = base + t.flowLinkCount[flow]!;
    const load = this.load;
    for (let j = base; j < end; j++) {
      const l = t.flowLinks[j]!;
      load[l] = load[l]! + rate;
    }
  };
  /** With `betweenSolves: 'share'`, new flows' likely shares from the last full solve. */
  private readonly shareEstimate: LevelShareEstimate | undefined;
  /** Gives a flow that started since the last solve its rate from the residual. */
  private readonly assignInterim = (flow: number, rate: number): void => {
    this.assignSolved(flow, rate);
    this.drift?.started(this.table, flow, rate, this.load);
  };

  constructor(
    capacities: Float64Array,
    resolveInterval: Seconds,
    private readonly tolerance: Bytes,
    effectiveCapacity?: (link: number, capacity: number, flows: number) => number,
    betweenSolves: BetweenSolves = 'idle',
    resolveTolerance = 0,
    kernel: SolverKernel = 'webassembly',
  ) {
    this.capacities = Float64Array.from(capacities);
    this.shareEstimate =
      betweenSolves === 'share'
        ? new LevelShareEstimate(capacities.length, () => (this.filling ?? this.compiled!).level)
        : undefined;
    this.interim =
      betweenSolves !== 'idle' && resolveInterval > 0
        ? new InterimFilling(this.capacities, effectiveCapacity, undefined, this.shareEstimate)
        : undefined;
    this.schedule = new SolveSchedule(resolveInterval);
    this.table = new FlowTable(capacities.length);
    if (kernel === 'webassembly' && fillingKernelAvailable()) {
      const compiled = new KernelFilling(this.capacities, effectiveCapacity);
      compiled.onMove = () => {
        this.table.adoptTiming(compiled.current, compiled.bytesLeft, compiled.since);
        this.due = compiled.due;
        this.active = compiled.active;
        this.load = compiled.loads;
      };
      this.table.mirror = compiled;
      this.filling = undefined;
      this.compiled = compiled;
    } else {
      this.filling = new ProgressiveFilling(this.capacities, effectiveCapacity);
      this.compiled = undefined;
    }
    this.drift =
      resolveTolerance > 0 && this.interim !== undefined
        ? new ShareDrift(resolveTolerance, this.capacities, this.filling ?? this.compiled!)
        : undefined;
    // The compiled solver keeps its own lists; only the drift's local solves read the table's.
    this.table.keepsLists = this.compiled === undefined || this.drift !== undefined;
    this.load = this.compiled?.loads ?? new Float64Array(capacities.length);
  }

  get activeFlowCount(): number {
    return this.activeCount + this.instant.length;
  }

  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number {
    const k = checkFlowLinks(links, this.capacities.length);
    checkFlowSize(bytes, tag);
    const t = this.table;
    const flow = t.allocate((capacity) => this.grow(capacity));
    t.seq[flow] = this.nextSeq++;
    t.tag[flow] = tag;
    t.rate[flow] = 0;
    t.left[flow] = bytes;
    t.base[flow] = this.now;
    this.stats.flowsAdded++;
    if (k === 0 || bytes < this.tolerance) {
      t.state[flow] = INSTANT;
      t.flowLinkCount[flow] = 0;
      this.instant.push(flow);
      return flow;
    }
    t.state[flow] = ACTIVE;
    t.flowLinkCount[flow] = k;
    const base = flow * MAX_LINKS_PER_FLOW;
    for (let j = 0; j < k; j++) t.flowLinks[base + j] = links[j]!;
    t.link(flow);
    this.due[flow] = Number.POSITIVE_INFINITY;
    this.active[this.activeCount] = flow;
    this.activePos[flow] = this.activeCount++;
    if (this.activeCount > this.stats.peakActiveFlows) {
      this.stats.peakActiveFlows = this.activeCount;
      this.stats.peakActiveBundles = this.activeCount;
    }
    this.schedule.dirty = true;
    this.interim?.add(flow);
    return flow;
  }

  removeFlow(flow: number): Bytes {
    const state = this.checkFlow(flow, 'removeFlow');
    const left = this.remaining(flow);
    if (state === INSTANT) {
      this.instant.splice(this.instant.indexOf(flow), 1);
    } else {
      this.completions.forget(flow, this.due[flow]!);
      this.detach(flow);
    }
    this.table.release(flow);
    return left;
  }

  advanceTo(time: Seconds): void {
    checkAdvance(time, this.now, TIME_TOLERANCE);
    if (time > this.now) this.now = time;
  }

  solve(): void {
    const drift = this.drift;
    const aged =
      drift === undefined || this.now >= this.lastFullSolve + FULL_SOLVE_AGE * this.schedule.interval;
    if (!this.schedule.begin(this.now, this.activeCount === 0, aged || drift.driftedCount > 0)) {
      const interim = this.interim;
      if (interim !== undefined && interim.count > 0) {
        const started = performance.now();
        interim.fill(this.table, this.load, this.assignInterim);
        this.stats.solveMillis += performance.now() - started;
        if (drift !== undefined && drift.driftedCount > 0) this.schedule.request(this.now);
      }
      return;
    }
    if (!aged && this.solveDrifted(drift)) return;
    this.lastFullSolve = this.now;
    this.interim?.clear();
    const started = performance.now();
    // Solves that drift governs come at no set time: every flow's completion is kept in order.
    const horizon = drift === undefined ? this.now + this.schedule.interval : Number.POSITIVE_INFINITY;
    this.completions.open(horizon);
    const compiled = this.compiled;
    const changes =
      compiled === undefined ? this.fillAndRetime(horizon) : this.fillCompiled(compiled, horizon);
    this.shareEstimate?.solved(this.table.linkFlowCount);
    countSolve(this.stats, changes, this.activeCount, this.activeCount, started);
  }

  /**
   * Solves every flow in JavaScript and re-times those whose rate moved; lists the flows
   * due by `horizon` in the completion window and closes it with the earliest other
   * completion; returns how many flows took a new rate.
   */
  private fillAndRetime(horizon: number): number {
    const filling = this.filling!;
    filling.run(this.table, this.activeCount, this.load);
    this.drift?.solved();
    const rates = filling.rates;
    const current = this.table.rate;
    const seq = this.table.seq;
    const due = this.due;
    const window = this.completions.heap;
    let restMin = Number.POSITIVE_INFINITY;
    let changes = 0;
    for (let i = 0; i < this.activeCount; i++) {
      const flow = this.active[i]!;
      const next = rates[flow]!;
      if (Math.abs(next - current[flow]!) > RATE_TOLERANCE * next) {
        this.setRate(flow, next);
        changes++;
      }
      const d = due[flow]!;
      if (d <= horizon) window.append(flow, d, seq[flow]!);
      else if (d < restMin) restMin = d;
    }
    this.completions.close(restMin);
    return changes;
  }

  /** `fillAndRetime` in WebAssembly: the same rates, times and window to the bit. */
  private fillCompiled(compiled: KernelFilling, horizon: number): number {
    compiled.deliver(this.table.linkFlowCount);
    const listed = compiled.solve(this.activeCount, this.now, horizon, this.tolerance, RATE_TOLERANCE);
    this.drift?.solved();
    const listedFlows = compiled.window;
    const window = this.completions.heap;
    const due = this.due;
    const seq = this.table.seq;
    for (let k = 0; k < listed; k++) {
      const flow = listedFlows[k]!;
      window.append(flow, due[flow]!, seq[flow]!);
    }
    this.completions.close(compiled.restMin);
    return compiled.retimed;
  }

  nextEventTime(): Seconds {
    if (this.instant.length > 0) return this.now;
    const completions = this.completions;
    if (completions.restStale) this.rescanRest(Number.NEGATIVE_INFINITY);
    const heap = completions.heap.topKey();
    const next = heap < completions.restMin ? heap : completions.restMin;
    const due = this.schedule.due;
    return next < due ? next : due;
  }

  /** As `FlowNetwork.takeCompleted`; `fn` also hears the rate each flow had as it completed. */
  takeCompleted(fn: (flow: number, tag: number, rate: number) => void): void {
    const heap = this.completions.heap;
    const limit = this.now + TIME_TOLERANCE;
    if (this.completions.restStale) this.rescanRest(Number.NEGATIVE_INFINITY);
    const fromRest = this.completions.restMin <= limit;
    if (this.instant.length === 0 && !(heap.topKey() <= limit) && !fromRest) return;
    const batch = this.batch;
    batch.count = 0;
    for (const flow of this.instant) batch.push(flow);
    this.instant.length = 0;
    while (heap.size > 0 && heap.topKey() <= limit) {
      const flow = heap.pop();
      this.detach(flow);
      batch.push(flow);
    }
    if (fromRest) {
      const first = batch.count;
      this.rescanRest(limit);
      for (let i = first; i < batch.count; i++) this.detach(batch.flows[i]!);
    }
    const t = this.table;
    const { flows: done, tags, rates, count } = batch;
    sortBySeq(done, count, t.seq);
    for (let i = 0; i < count; i++) {
      tags[i] = t.tag[done[i]!]!;
      rates[i] = t.rate[done[i]!]!;
      t.release(done[i]!);
    }
    for (let i = 0; i < count; i++) fn(done[i]!, tags[i]!, rates[i]!);
  }

  rate(flow: number): number {
    this.checkFlow(flow, 'rate');
    return this.table.rate[flow]!;
  }

  remaining(flow: number): Bytes {
    const state = this.checkFlow(flow, 'remaining');
    const t = this.table;
    if (state === INSTANT) return 0;
    const left = t.left[flow]! - t.rate[flow]! * (this.now - t.base[flow]!);
    return left > 0 ? left : 0;
  }

  linkLoad(link: number): number {
    checkLink(link, this.capacities.length);
    return this.load[link]!;
  }

  /**
   * Where the drifted links carry few of the flows (`ShareDrift.takeDriftedFlows`), solves
   * only their flows, with the flows that started since, over what every other flow leaves
   * (each other flow keeps its rate); returns false, and does nothing, where a full solve
   * is due instead.
   */
  private solveDrifted(drift: ShareDrift): boolean {
    const interim = this.interim!;
    if (!drift.takeDriftedFlows(this.table, this.load, interim, this.activeCount)) return false;
    const started = performance.now();
    const count = interim.count;
    interim.fill(this.table, this.load, this.assignSolved);
    drift.resolvedDrifted(interim.levels, this.load);
    this.stats.localSolves++;
    this.stats.flowsAtLocalSolves += count;
    this.stats.solveMillis += performance.now() - started;
    return true;
  }

  /** `CompletionWindow.rescan` over the active flows. */
  private rescanRest(limit: number): void {
    this.completions.rescan(this.active, this.activeCount, this.due, limit, this.batch);
  }

  /** Brings a flow's bytes up to `now`, then gives it a new rate and completion time. */
  private setRate(flow: number, next: number): void {
    const t = this.table;
    const old = t.rate[flow]!;
    const elapsed = this.now - t.base[flow]!;
    let left = t.left[flow]!;
    if (old > 0 && elapsed > 0) {
      left -= old * elapsed;
      if (left < 0) left = 0;
      t.left[flow] = left;
    }
    t.base[flow] = this.now;
    t.rate[flow] = next;
    const done =
      left <= this.tolerance ? this.now : next > 0 ? this.now + left / next : Number.POSITIVE_INFINITY;
    this.due[flow] = done;
  }

  /** Takes an active flow out of the solver (its links lose its rate). */
  private detach(flow: number): void {
    const t = this.table;
    const rate = t.rate[flow]!;
    const base = flow * MAX_LINKS_PER_FLOW;
    const end = base + t.flowLinkCount[flow]!;
    t.unlink(flow);
    const drift = this.drift;
    for (let j = base; j < end; j++) {
      const l = t.flowLinks[j]!;
      const load = t.linkFlowCount[l] === 0 ? 0 : this.load[l]! - rate;
      this.load[l] = load;
      drift?.left(l, load, rate);
    }
    const at = this.activePos[flow]!;
    const moved = this.active[--this.activeCount]!;
    this.active[at] = moved;
    this.activePos[moved] = at;
    this.schedule.dirty = true;
  }

  private grow(capacity: number): void {
    this.completions.grow(capacity);
    // With the compiled filling, completion times and the active list are its, taken on `onMove`.
    if (this.compiled === undefined) {
      this.due = growFloat64(this.due, capacity);
      this.active = growInt32(this.active, capacity);
    }
    (this.filling ?? this.compiled!).growFlows(capacity);
    this.interim?.growFlows(capacity);
    this.activePos = growInt32(this.activePos, capacity);
  }

  private checkFlow(flow: number, method: string): number {
    const state =
      Number.isInteger(flow) && flow >= 0 && flow < this.table.capacity ? this.table.state[flow]! : 0;
    if (state === 0) throw new Error(`${method}: flow ${describe(flow)} is not an active flow`);
    return state;
  }
}
