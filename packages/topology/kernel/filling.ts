// Progressive filling of the per-flow model, compiled to WebAssembly (AssemblyScript).
//
// The same algorithm, in the same order, with the same floating-point operations as
// `ProgressiveFilling.run` without weights, link subsets or a loss model
// (src/internal/progressive-filling.ts, share-bands.ts, link-queue.ts): the rates and
// loads it writes are the JavaScript solver's to the bit, which a property test checks.
// It keeps its own copy of the flows on each link, kept in the flow table's order by
// `link` and `unlink`, so a solve reads nothing from JavaScript's heap.
//
// Build: `node scripts/build-kernel.mjs` (writes src/internal/filling-kernel-binary.ts).

const MAX_LINKS_PER_FLOW: i32 = 4;
const BANDS: i32 = 64;
const LAST: i32 = BANDS - 1;
const FROZEN_WRAP: i32 = 0x7fffffff;

let linkCount: i32 = 0;
// Per link.
let capacities: usize = 0; // f64
let lists: usize = 0; // usize: each link's incidence list
let listCapacity: usize = 0; // i32
let listCount: usize = 0; // i32
let remaining: usize = 0; // f64
let unfrozen: usize = 0; // i32
let initial: usize = 0; // f64
let level: usize = 0; // f64
let loads: usize = 0; // f64
let heapShares: usize = 0; // f64
let heapLinks: usize = 0; // i32
let bandLinks: usize = 0; // i32
let bandOfLink: usize = 0; // i32
let noted: usize = 0; // i32
let bandStart: usize = 0; // i32 × (BANDS + 1)
let cursor: usize = 0; // i32 × BANDS
let pow2: usize = 0; // f64 × (BANDS + 1)
// Per flow slot.
let flowCapacity: i32 = 0;
let flowLinks: usize = 0; // i32 × MAX_LINKS_PER_FLOW
let flowLinkCount: usize = 0; // i32
let incidencePos: usize = 0; // i32 × MAX_LINKS_PER_FLOW
let rates: usize = 0; // f64
let frozen: usize = 0; // i32

let stamp: i32 = 0;
let heapSize: i32 = 0;
let notedCount: i32 = 0;
let smallest: f64 = Number.POSITIVE_INFINITY;
let lastBand: i32 = 0;

@inline function f64At(base: usize, i: i32): f64 {
  return load<f64>(base + (<usize>i << 3));
}
@inline function setF64(base: usize, i: i32, v: f64): void {
  store<f64>(base + (<usize>i << 3), v);
}
@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

function zeroed(bytes: usize): usize {
  const at = heap.alloc(bytes);
  memory.fill(at, 0, bytes);
  return at;
}

/** Sets up `links` links; their capacities are written with `setCapacity`. */
export function init(links: i32): void {
  linkCount = links;
  const n = <usize>links;
  capacities = zeroed(n << 3);
  lists = zeroed(n * sizeof<usize>());
  listCapacity = zeroed(n << 2);
  listCount = zeroed(n << 2);
  remaining = zeroed(n << 3);
  unfrozen = zeroed(n << 2);
  initial = zeroed(n << 3);
  level = zeroed(n << 3);
  loads = zeroed(n << 3);
  heapShares = zeroed(n << 3);
  heapLinks = zeroed(n << 2);
  bandLinks = zeroed(n << 2);
  bandOfLink = zeroed(n << 2);
  noted = zeroed(n << 2);
  bandStart = zeroed(<usize>(BANDS + 1) << 2);
  cursor = zeroed(<usize>BANDS << 2);
  pow2 = zeroed(<usize>(BANDS + 1) << 3);
  let p: f64 = 1;
  for (let b = 0; b <= BANDS; b++) {
    setF64(pow2, b, p);
    p *= 2;
  }
  for (let l = 0; l < links; l++) {
    store<usize>(lists + <usize>l * sizeof<usize>(), zeroed(16));
    setI32(listCapacity, l, 4);
  }
}

export function setCapacity(link: i32, capacity: f64): void {
  setF64(capacities, link, capacity);
}

function grown(old: usize, oldBytes: usize, bytes: usize): usize {
  const at = zeroed(bytes);
  if (oldBytes > 0) memory.copy(at, old, oldBytes);
  return at;
}

/** Makes room for flow slots below `capacity`. */
export function growFlows(capacity: i32): void {
  if (capacity <= flowCapacity) return;
  const o = <usize>flowCapacity;
  const n = <usize>capacity;
  const m = <usize>MAX_LINKS_PER_FLOW;
  flowLinks = grown(flowLinks, (o * m) << 2, (n * m) << 2);
  incidencePos = grown(incidencePos, (o * m) << 2, (n * m) << 2);
  flowLinkCount = grown(flowLinkCount, o << 2, n << 2);
  rates = grown(rates, o << 3, n << 3);
  frozen = grown(frozen, o << 2, n << 2);
  flowCapacity = capacity;
}

/** Puts flow `flow` on the lists of its `count` links (`a`, `b`, `c`, `d`), appending. */
export function link(flow: i32, count: i32, a: i32, b: i32, c: i32, d: i32): void {
  const base = flow * MAX_LINKS_PER_FLOW;
  setI32(flowLinks, base, a);
  setI32(flowLinks, base + 1, b);
  setI32(flowLinks, base + 2, c);
  setI32(flowLinks, base + 3, d);
  setI32(flowLinkCount, flow, count);
  for (let inc = base, end = base + count; inc < end; inc++) {
    const l = i32At(flowLinks, inc);
    const n = i32At(listCount, l);
    const slot = lists + <usize>l * sizeof<usize>();
    let list = load<usize>(slot);
    const cap = i32At(listCapacity, l);
    if (n === cap) {
      list = grown(list, <usize>cap << 2, <usize>(cap * 2) << 2);
      store<usize>(slot, list);
      setI32(listCapacity, l, cap * 2);
    }
    setI32(list, n, inc);
    setI32(incidencePos, inc, n);
    setI32(listCount, l, n + 1);
  }
}

/** Takes flow `flow` off the lists of its links (the last entry moves into its place). */
export function unlink(flow: i32): void {
  const base = flow * MAX_LINKS_PER_FLOW;
  for (let inc = base, end = base + i32At(flowLinkCount, flow); inc < end; inc++) {
    const l = i32At(flowLinks, inc);
    const list = load<usize>(lists + <usize>l * sizeof<usize>());
    const last = i32At(listCount, l) - 1;
    const at = i32At(incidencePos, inc);
    const moved = i32At(list, last);
    setI32(list, at, moved);
    setI32(incidencePos, moved, at);
    setI32(listCount, l, last);
  }
  setI32(flowLinkCount, flow, 0);
}

// The link heap: (share, link) by share, then link index (link-queue.ts).
@inline function heapAppend(l: i32, share: f64): void {
  const i = heapSize++;
  setI32(heapLinks, i, l);
  setF64(heapShares, i, share);
}

function siftDown(start: i32, l: i32, share: f64): void {
  const n = heapSize;
  let i = start;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    let cs = f64At(heapShares, child);
    let cl = i32At(heapLinks, child);
    const right = child + 1;
    if (right < n) {
      const rs = f64At(heapShares, right);
      const rl = i32At(heapLinks, right);
      if (rs < cs || (rs == cs && rl < cl)) {
        child = right;
        cs = rs;
        cl = rl;
      }
    }
    if (share < cs || (share == cs && l < cl)) break;
    setF64(heapShares, i, cs);
    setI32(heapLinks, i, cl);
    i = child;
  }
  setF64(heapShares, i, share);
  setI32(heapLinks, i, l);
}

function heapPush(l: i32, share: f64): void {
  let i = heapSize++;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const ps = f64At(heapShares, parent);
    const pl = i32At(heapLinks, parent);
    if (ps < share || (ps == share && pl < l)) break;
    setF64(heapShares, i, ps);
    setI32(heapLinks, i, pl);
    i = parent;
  }
  setF64(heapShares, i, share);
  setI32(heapLinks, i, l);
}

@inline function heapPop(): void {
  const last = --heapSize;
  if (last > 0) siftDown(0, i32At(heapLinks, last), f64At(heapShares, last));
}

// Bands of starting shares (share-bands.ts).
function bandOf(share: f64, least: f64): i32 {
  const ratio = share / least;
  if (!(ratio < f64At(pow2, LAST))) return LAST;
  let b = <i32>((reinterpret<u64>(ratio) >> 52) & 0x7ff) - 1023;
  if (b > 0 && share < least * f64At(pow2, b)) b--;
  else if (share >= least * f64At(pow2, b + 1)) b++;
  return b < LAST ? b : LAST;
}

function group(): void {
  memory.fill(bandStart, 0, <usize>(BANDS + 1) << 2);
  const least = smallest;
  const scaled = least > 0 && least < Number.POSITIVE_INFINITY;
  let last = 0;
  for (let x = 0; x < notedCount; x++) {
    const l = i32At(noted, x);
    const b = scaled ? bandOf(f64At(initial, l), least) : 0;
    setI32(bandOfLink, l, b);
    setI32(bandStart, b + 1, i32At(bandStart, b + 1) + 1);
    if (b > last) last = b;
  }
  for (let b = 0; b < BANDS; b++) {
    setI32(cursor, b, i32At(bandStart, b));
    setI32(bandStart, b + 1, i32At(bandStart, b + 1) + i32At(bandStart, b));
  }
  for (let x = 0; x < notedCount; x++) {
    const l = i32At(noted, x);
    const b = i32At(bandOfLink, l);
    const at = i32At(cursor, b);
    setI32(bandLinks, at, l);
    setI32(cursor, b, at + 1);
  }
  lastBand = last;
}

@inline function ceiling(b: i32): f64 {
  return b >= LAST ? Number.POSITIVE_INFINITY : smallest * f64At(pow2, b + 1);
}

function admit(b: i32): f64 {
  for (let x = i32At(bandStart, b), end = i32At(bandStart, b + 1); x < end; x++) {
    const l = i32At(bandLinks, x);
    const n = i32At(unfrozen, l);
    if (n > 0) heapPush(l, f64At(remaining, l) / <f64>n);
  }
  return ceiling(b);
}

/**
 * Max-min fair rates of the `flowCount` flows on the lists: each flow's rate into
 * `rates`, each link's fair level into `level` (Infinity where it was no bottleneck) and,
 * on each link with flows, the sum of its flows' rates into `load`.
 */
export function run(flowCount: i32): void {
  if (++stamp === FROZEN_WRAP) {
    memory.fill(frozen, 0, <usize>flowCapacity << 2);
    stamp = 1;
  }
  const mark = stamp;
  heapSize = 0;
  notedCount = 0;
  smallest = Number.POSITIVE_INFINITY;
  const links = linkCount;
  for (let l = 0; l < links; l++) {
    setF64(level, l, Number.POSITIVE_INFINITY);
    const n = i32At(listCount, l);
    if (n === 0) continue;
    const c = f64At(capacities, l);
    setF64(remaining, l, c);
    setI32(unfrozen, l, n);
    const share = c / <f64>n;
    setF64(initial, l, share);
    setI32(noted, notedCount++, l);
    if (share < smallest) smallest = share;
  }
  group();
  for (let x = i32At(bandStart, 0), end = i32At(bandStart, 1); x < end; x++) {
    const l = i32At(bandLinks, x);
    heapAppend(l, f64At(initial, l));
  }
  for (let i = (heapSize >> 1) - 1; i >= 0; i--) siftDown(i, i32At(heapLinks, i), f64At(heapShares, i));
  let band = 0;
  let bound = ceiling(0);
  let unfrozenFlows = flowCount;
  while (unfrozenFlows > 0) {
    if (heapSize === 0) {
      if (band >= lastBand) break;
      bound = admit(++band);
      continue;
    }
    const l = i32At(heapLinks, 0);
    const n = i32At(unfrozen, l);
    if (n === 0) {
      heapPop();
      continue;
    }
    const share = f64At(remaining, l) / <f64>n;
    if (share > f64At(heapShares, 0)) {
      siftDown(0, l, share);
      continue;
    }
    if (share >= bound && band < lastBand) {
      bound = admit(++band);
      continue;
    }
    heapPop();
    setF64(level, l, share);
    const list = load<usize>(lists + <usize>l * sizeof<usize>());
    const count = i32At(listCount, l);
    for (let i = 0; i < count; i++) {
      const flow = i32At(list, i) >> 2;
      if (i32At(frozen, flow) === mark) continue;
      setI32(frozen, flow, mark);
      setF64(rates, flow, share);
      unfrozenFlows--;
      const base = flow * MAX_LINKS_PER_FLOW;
      for (let j = base, end = base + i32At(flowLinkCount, flow); j < end; j++) {
        const m = i32At(flowLinks, j);
        if (m === l) continue;
        const left = f64At(remaining, m) - share;
        setF64(remaining, m, left > 0 ? left : 0);
        setI32(unfrozen, m, i32At(unfrozen, m) - 1);
      }
    }
    setF64(remaining, l, 0);
  }
  for (let l = 0; l < links; l++) {
    if (i32At(listCount, l) > 0) setF64(loads, l, f64At(capacities, l) - f64At(remaining, l));
  }
}

export function ratesAddress(): usize {
  return rates;
}
export function levelAddress(): usize {
  return level;
}
export function loadAddress(): usize {
  return loads;
}
