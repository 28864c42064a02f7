import { FILLING_KERNEL_BASE64 } from './filling-kernel-binary.js';
import { type EffectiveCapacity, MAX_LINKS_PER_FLOW, deliverableCapacity } from './progressive-filling.js';

/** The part of the WebAssembly API the kernel uses (the package's types carry no DOM). */
interface WebAssemblyApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

interface KernelExports {
  readonly memory: { readonly buffer: ArrayBuffer };
  init(links: number): void;
  setCapacity(link: number, capacity: number): void;
  growFlows(capacity: number): void;
  link(flow: number, count: number, a: number, b: number, c: number, d: number): void;
  unlink(flow: number): void;
  solve(
    flowCount: number,
    now: number,
    horizon: number,
    bytesTolerance: number,
    rateTolerance: number,
  ): number;
  restMinimum(): number;
  retimedCount(): number;
  addressOf(which: number): number;
}

/** The kernel's arrays JavaScript views, by their number in kernel/filling.ts `addressOf`. */
const CURRENT = 0;
const BYTES_LEFT = 1;
const SINCE = 2;
const DUE = 3;
const ACTIVE = 4;
const WINDOW = 5;
const LEVEL = 6;
const LOAD = 7;
const CAPACITY = 8;

let compiled: object | null | undefined;

function webAssembly(): WebAssemblyApi | undefined {
  return (globalThis as { readonly WebAssembly?: WebAssemblyApi }).WebAssembly;
}

/** The kernel's module, compiled once per process; null where WebAssembly is not available. */
function kernelModule(): object | null {
  if (compiled !== undefined) return compiled;
  const api = webAssembly();
  if (api === undefined) {
    compiled = null;
    return compiled;
  }
  try {
    const text = atob(FILLING_KERNEL_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    compiled = new api.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

/** Whether this process can run the compiled kernel. */
export function fillingKernelAvailable(): boolean {
  return kernelModule() !== null;
}

const imports = {
  env: {
    abort(): never {
      throw new Error('the filling kernel aborted');
    },
  },
};

/**
 * Progressive filling of the per-flow model in WebAssembly (kernel/filling.ts): the same
 * algorithm, order and floating-point operations as `ProgressiveFilling.run` without
 * weights, link subsets or a loss model, so the same rates and loads to the bit, and the
 * re-timing of `PerFlowNetwork.solve` after it. It keeps its own copy of the flows on each
 * link: the flow table calls `link` and `unlink` in step with its own lists
 * (`FlowTable.mirror`), and a solve then reads nothing from JavaScript's heap. The flows'
 * timing (rate, bytes left and their time, completion time) and the active list live in
 * its memory; JavaScript reads and writes them through views, taken again (`onMove`)
 * whenever growing moved them.
 */
export class KernelFilling {
  /**
   * What each link delivers: its capacity, or under a loss model (`effectiveCapacity`)
   * what the last `deliver` gave a link for its flow count.
   */
  readonly effective: Float64Array;
  /** Each link's fair level after `solve` (Infinity where it was no bottleneck): a view of the kernel's memory. */
  level!: Float64Array;
  /** Each flow's current rate, bytes left at `since`, that time, and completion time. */
  current: Float64Array = new Float64Array(0);
  bytesLeft: Float64Array = new Float64Array(0);
  since: Float64Array = new Float64Array(0);
  due: Float64Array = new Float64Array(0);
  /** The dense list of active flows (the network's). */
  active: Int32Array = new Int32Array(0);
  /** After `solve`, the flows due by its horizon, in the order they froze. */
  window: Int32Array = new Int32Array(0);
  /** Called once the views above were taken again: the kernel's memory moved. */
  onMove: (() => void) | undefined;
  private readonly kernel: KernelExports;
  private readonly links: number;
  /**
   * Each link's load (the sum of its flows' rates): a view of the kernel's memory, which
   * `solve` writes on every link with flows; the caller keeps it in step between solves.
   */
  loads!: Float64Array;
  private flowCapacity = 0;
  private buffer!: ArrayBuffer;
  /** The capacities the kernel fills up to: a view of its memory. */
  private delivered!: Float64Array;

  /**
   * @param effectiveCapacity A loss model: what a link delivers for its flow count, as
   *   `ProgressiveFilling` takes it; `deliver` applies it before each solve.
   */
  constructor(
    /** Each link's nominal capacity (the caller's, never written). */
    private readonly capacities: Float64Array,
    private readonly effectiveCapacity?: EffectiveCapacity,
  ) {
    const module = kernelModule();
    if (module === null) throw new Error('WebAssembly is not available in this runtime');
    this.kernel = new (webAssembly()!.Instance)(module, imports).exports as KernelExports;
    this.links = capacities.length;
    this.kernel.init(this.links);
    for (let l = 0; l < this.links; l++) this.kernel.setCapacity(l, capacities[l]!);
    this.effective = Float64Array.from(capacities);
    this.adopt();
  }

  growFlows(capacity: number): void {
    if (capacity <= this.flowCapacity) return;
    this.kernel.growFlows(capacity);
    this.flowCapacity = capacity;
    this.adopt();
  }

  /** Takes every view of the kernel's memory again, and tells `onMove`. */
  private adopt(): void {
    const k = this.kernel;
    const buffer = k.memory.buffer;
    const n = this.flowCapacity;
    this.buffer = buffer;
    this.level = new Float64Array(buffer, k.addressOf(LEVEL), this.links);
    this.loads = new Float64Array(buffer, k.addressOf(LOAD), this.links);
    this.delivered = new Float64Array(buffer, k.addressOf(CAPACITY), this.links);
    this.current = new Float64Array(buffer, k.addressOf(CURRENT), n);
    this.bytesLeft = new Float64Array(buffer, k.addressOf(BYTES_LEFT), n);
    this.since = new Float64Array(buffer, k.addressOf(SINCE), n);
    this.due = new Float64Array(buffer, k.addressOf(DUE), n);
    this.active = new Int32Array(buffer, k.addressOf(ACTIVE), n);
    this.window = new Int32Array(buffer, k.addressOf(WINDOW), n);
    this.onMove?.();
  }

  /** Puts a flow on its links' lists, after the flow table did (same order). */
  link(flow: number, flowLinks: Int32Array, count: number): void {
    const base = flow * MAX_LINKS_PER_FLOW;
    this.kernel.link(
      flow,
      count,
      flowLinks[base]!,
      flowLinks[base + 1]!,
      flowLinks[base + 2]!,
      flowLinks[base + 3]!,
    );
    if (this.kernel.memory.buffer !== this.buffer) this.adopt();
  }

  /** Takes a flow off its links' lists, as the flow table did. */
  unlink(flow: number): void {
    this.kernel.unlink(flow);
  }

  /**
   * `ProgressiveFilling.run` over the flows the kernel holds, levels into `level` and each
   * link with flows its load into `loads`, and the re-timing
   * `PerFlowNetwork.solve` does after it at `now`, done as each flow freezes (see
   * kernel/filling.ts `solve`); returns how many flows are due by `horizon`, listed in
   * `window`.
   */
  solve(
    flowCount: number,
    now: number,
    horizon: number,
    bytesTolerance: number,
    rateTolerance: number,
  ): number {
    return this.kernel.solve(flowCount, now, horizon, bytesTolerance, rateTolerance);
  }

  /**
   * Under a loss model, gives every link with flows what it delivers for their number
   * (`linkFlowCount`), as `ProgressiveFilling` does at the start of its run: the same
   * function of the same numbers, so the same capacities to the bit. Without one, nothing.
   */
  deliver(linkFlowCount: Int32Array): void {
    const hook = this.effectiveCapacity;
    if (hook === undefined) return;
    const { capacities, delivered, effective } = this;
    for (let l = 0; l < this.links; l++) {
      const n = linkFlowCount[l]!;
      if (n === 0) continue;
      const d = deliverableCapacity(hook, l, capacities[l]!, n);
      delivered[l] = d;
      effective[l] = d;
    }
  }

  /** After `solve`, the earliest completion not listed in `window` (Infinity if none). */
  get restMin(): number {
    return this.kernel.restMinimum();
  }

  /** After `solve`, how many flows took a new rate. */
  get retimed(): number {
    return this.kernel.retimedCount();
  }
}
