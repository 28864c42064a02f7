import { FILLING_KERNEL_BASE64 } from './filling-kernel-binary.js';
import { type LinkIncidences, MAX_LINKS_PER_FLOW } from './progressive-filling.js';

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
  run(flowCount: number): void;
  ratesAddress(): number;
  levelAddress(): number;
  loadAddress(): number;
}

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
 * weights, link subsets or a loss model, so the same rates and loads to the bit. It keeps
 * its own copy of the flows on each link: the flow table calls `link` and `unlink` in
 * step with its own lists (`FlowTable.mirror`), and a solve then reads nothing from
 * JavaScript's heap.
 */
export class KernelFilling {
  /** What each link delivers: its capacity (the kernel runs no loss model). */
  readonly effective: Float64Array;
  /** Each link's fair level after `run` (Infinity where it was no bottleneck). */
  readonly level: Float64Array;
  /** Rate of each flow slot on some link, after `run`: a view of the kernel's memory. */
  rates: Float64Array = new Float64Array(0);
  private readonly kernel: KernelExports;
  private readonly links: number;
  private flowCapacity = 0;

  constructor(capacities: Float64Array) {
    const module = kernelModule();
    if (module === null) throw new Error('WebAssembly is not available in this runtime');
    this.kernel = new (webAssembly()!.Instance)(module, imports).exports as KernelExports;
    this.links = capacities.length;
    this.kernel.init(this.links);
    for (let l = 0; l < this.links; l++) this.kernel.setCapacity(l, capacities[l]!);
    this.effective = Float64Array.from(capacities);
    this.level = new Float64Array(this.links).fill(Number.POSITIVE_INFINITY);
  }

  growFlows(capacity: number): void {
    if (capacity <= this.flowCapacity) return;
    this.kernel.growFlows(capacity);
    this.flowCapacity = capacity;
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
  }

  /** Takes a flow off its links' lists, as the flow table did. */
  unlink(flow: number): void {
    this.kernel.unlink(flow);
  }

  /**
   * `ProgressiveFilling.run` over the flows the kernel holds (the same as `incidences`'s):
   * rates into `rates`, levels into `level`, and each link with flows its load into `load`.
   */
  run(incidences: LinkIncidences, flowCount: number, load: Float64Array): void {
    const kernel = this.kernel;
    kernel.run(flowCount);
    const buffer = kernel.memory.buffer;
    this.rates = new Float64Array(buffer, kernel.ratesAddress(), this.flowCapacity);
    this.level.set(new Float64Array(buffer, kernel.levelAddress(), this.links));
    const loads = new Float64Array(buffer, kernel.loadAddress(), this.links);
    const counts = incidences.linkFlowCount;
    for (let l = 0; l < this.links; l++) if (counts[l]! > 0) load[l] = loads[l]!;
  }
}
