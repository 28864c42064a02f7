// Progressive filling of the per-flow model, compiled to WebAssembly (AssemblyScript).
//
// The same algorithm, in the same order, with the same floating-point operations as
// `ProgressiveFilling.run` without weights, link subsets or a loss model
// (src/internal/progressive-filling.ts, share-bands.ts, link-queue.ts), and the re-timing
// `PerFlowNetwork.solve` does after it, done as each flow freezes: the rates, loads and
// completion times it writes are the JavaScript solver's to the bit, which a property
// test checks.
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
// A flow's record, 32 bytes, what a solve reads of it in one cache line: its links (i32 ×
// MAX_LINKS_PER_FLOW), their count (i32) and the stamp of the solve that froze it (i32).
let records: usize = 0;
const RECORD_SHIFT: usize = 5;
const COUNT_AT: usize = 16;
const STAMP_AT: usize = 20;
let incidencePos: usize = 0; // i32 × MAX_LINKS_PER_FLOW
// The flow table's timing (views in JavaScript): each flow's current rate, bytes left at
// `base`, that time, and its completion time; the network's dense list of active flows.
let current: usize = 0; // f64
let bytesLeft: usize = 0; // f64
let since: usize = 0; // f64
let due: usize = 0; // f64
let active: usize = 0; // i32
let window: usize = 0; // i32: `solve`'s output, the flows due by the horizon
let restMin: f64 = Infinity;
let rateChanges: i32 = 0;

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
  for (let l = 0; l < links; l++) setF64(level, l, Infinity);
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
  records = grown(records, o << RECORD_SHIFT, n << RECORD_SHIFT);
  incidencePos = grown(incidencePos, (o * m) << 2, (n * m) << 2);
  current = grown(current, o << 3, n << 3);
  bytesLeft = grown(bytesLeft, o << 3, n << 3);
  since = grown(since, o << 3, n << 3);
  due = grown(due, o << 3, n << 3);
  active = grown(active, o << 2, n << 2);
  window = grown(window, o << 2, n << 2);
  flowCapacity = capacity;
}

/** Puts flow `flow` on the lists of its `count` links (`a`, `b`, `c`, `d`), appending. */
export function link(flow: i32, count: i32, a: i32, b: i32, c: i32, d: i32): void {
  const base = flow * MAX_LINKS_PER_FLOW;
  const record = records + (<usize>flow << RECORD_SHIFT);
  store<i32>(record, a);
  store<i32>(record, b, 4);
  store<i32>(record, c, 8);
  store<i32>(record, d, 12);
  store<i32>(record + COUNT_AT, count);
  for (let inc = base, end = base + count; inc < end; inc++) {
    const l = i32At(record, inc - base);
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
  const record = records + (<usize>flow << RECORD_SHIFT);
  for (let inc = base, end = base + load<i32>(record + COUNT_AT); inc < end; inc++) {
    const l = i32At(record, inc - base);
    const list = load<usize>(lists + <usize>l * sizeof<usize>());
    const last = i32At(listCount, l) - 1;
    const at = i32At(incidencePos, inc);
    const moved = i32At(list, last);
    setI32(list, at, moved);
    setI32(incidencePos, moved, at);
    setI32(listCount, l, last);
  }
  store<i32>(record + COUNT_AT, 0);
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
 * Max-min fair rates of the `flowCount` flows on the lists, and their re-timing at `now`
 * (`PerFlowNetwork.solve`): each link's fair level into `level` (Infinity where it was no
 * bottleneck) and, on each link with flows, the sum of its flows' rates into `load`. A
 * flow whose rate moved by more than `rateTolerance` of it has its bytes brought up to
 * now and takes the new rate and completion time (now where at most `bytesTolerance` is
 * left), as it freezes. The flows due by `horizon` are listed in `window` (in the order
 * they froze) and counted in the result; `restMin` is the earliest other completion and
 * `rateChanges` the flows re-timed.
 */
export function solve(flowCount: i32, now: f64, horizon: f64, bytesTolerance: f64, rateTolerance: f64): i32 {
  let changes = 0;
  let earliest = Infinity;
  let listed = 0;
  if (++stamp === FROZEN_WRAP) {
    for (let f = 0; f < flowCapacity; f++) store<i32>(records + (<usize>f << RECORD_SHIFT) + STAMP_AT, 0);
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
      const record = records + (<usize>flow << RECORD_SHIFT);
      if (load<i32>(record + STAMP_AT) === mark) continue;
      store<i32>(record + STAMP_AT, mark);
      unfrozenFlows--;
      const old = f64At(current, flow);
      if (abs<f64>(share - old) > rateTolerance * share) {
        const elapsed = now - f64At(since, flow);
        let left = f64At(bytesLeft, flow);
        if (old > 0 && elapsed > 0) {
          left -= old * elapsed;
          if (left < 0) left = 0;
          setF64(bytesLeft, flow, left);
        }
        setF64(since, flow, now);
        setF64(current, flow, share);
        setF64(due, flow, left <= bytesTolerance ? now : share > 0 ? now + left / share : Infinity);
        changes++;
      }
      const d = f64At(due, flow);
      if (d <= horizon) setI32(window, listed++, flow);
      else if (d < earliest) earliest = d;
      for (let k = 0, end = load<i32>(record + COUNT_AT); k < end; k++) {
        const m = i32At(record, k);
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
  restMin = earliest;
  rateChanges = changes;
  return listed;
}

export function restMinimum(): f64 {
  return restMin;
}
export function retimedCount(): i32 {
  return rateChanges;
}

/** Where array `which` starts in memory (the numbers src/internal/filling-kernel.ts names). */
export function addressOf(which: i32): usize {
  switch (which) {
    case 0:
      return current;
    case 1:
      return bytesLeft;
    case 2:
      return since;
    case 3:
      return due;
    case 4:
      return active;
    case 5:
      return window;
    case 6:
      return level;
    case 7:
      return loads;
    case 8:
      return capacities;
  }
  return 0;
}
