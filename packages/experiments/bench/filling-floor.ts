/**
 * The least work any per-flow progressive filling does per flow per solve, on this
 * machine: each flow reads its links, takes its rate from the link it freezes at,
 * subtracts that rate from every link it crosses and counts itself off them, and is
 * re-timed when its rate moved. The freeze order is given — no link heap, no search for
 * the next bottleneck, no completion queue — so a real solver does strictly more per flow.
 * Multiplied by a run's flow-solves (solves × flows active at a mean solve, both in
 * `pnpm bench`'s output), it bounds from below what that run's solves can cost.
 *
 *   node --import tsx bench/filling-floor.ts [flows] [solves] [order: random|sequential]
 *
 * The fabric is nas-sim's: 600 nodes in 30 racks of 20; a flow joins two random nodes and
 * crosses both NICs, and the two rack links when the racks differ.
 */

const flows = Number(process.argv[2] ?? 3895);
const solves = Number(process.argv[3] ?? 20_000);
const order = process.argv[4] ?? 'random';
if (!(flows > 0 && solves > 0) || (order !== 'random' && order !== 'sequential')) {
  throw new Error('usage: filling-floor.ts [flows > 0] [solves > 0] [random|sequential]');
}
const NODES = 600;
const RACK_SIZE = 20;
const RACKS = NODES / RACK_SIZE;
const LINKS = 2 * NODES + 2 * RACKS;
const CAPACITY = 1.25e8;

let state = 1;
const random = (): number => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return state / 2 ** 32;
};

/** A flow's links from `4f`; its link count in `width`. */
const path = new Int32Array(4 * flows);
const width = new Int32Array(flows);
const bottleneck = new Int32Array(flows);
const rate = new Float64Array(flows);
const bytesLeft = new Float64Array(flows);
const finish = new Float64Array(flows);
const remaining = new Float64Array(LINKS);
const unfrozen = new Int32Array(LINKS);
const level = new Float64Array(LINKS);
const freezeOrder = new Int32Array(flows);

for (let f = 0; f < flows; f++) {
  const source = Math.floor(random() * NODES);
  const destination = Math.floor(random() * NODES);
  const sourceRack = Math.floor(source / RACK_SIZE);
  const destinationRack = Math.floor(destination / RACK_SIZE);
  path[4 * f] = source;
  path[4 * f + 1] = NODES + destination;
  width[f] = 2;
  if (sourceRack !== destinationRack) {
    path[4 * f + 2] = 2 * NODES + sourceRack;
    path[4 * f + 3] = 2 * NODES + RACKS + destinationRack;
    width[f] = 4;
  }
  bottleneck[f] = path[4 * f + Math.floor(random() * width[f]!)]!;
  bytesLeft[f] = 1e6 * (1 + random());
  freezeOrder[f] = f;
}
if (order === 'random') {
  for (let i = flows - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const kept = freezeOrder[i]!;
    freezeOrder[i] = freezeOrder[j]!;
    freezeOrder[j] = kept;
  }
}
for (let l = 0; l < LINKS; l++) level[l] = 1e6 * (1 + random());

/** One solve: every flow frozen once, in the given order; rates move on every other solve. */
function solve(index: number): number {
  remaining.fill(CAPACITY);
  unfrozen.fill(0);
  const now = index * 0.1;
  const scale = 1 + (index & 1) * 1e-3;
  for (let i = 0; i < flows; i++) {
    const f = freezeOrder[i]!;
    const r = level[bottleneck[f]!]! * scale;
    for (let k = 4 * f, end = k + width[f]!; k < end; k++) {
      const l = path[k]!;
      remaining[l]! -= r;
      unfrozen[l]! -= 1;
    }
    if (r !== rate[f]) {
      rate[f] = r;
      finish[f] = now + bytesLeft[f]! / r;
    }
  }
  return remaining[index % LINKS]!;
}

let sink = 0;
for (let s = 0; s < Math.min(solves, 200); s++) sink += solve(s);
const start = process.cpuUsage();
for (let s = 0; s < solves; s++) sink += solve(s);
const used = process.cpuUsage(start);
process.stdout.write(
  `${JSON.stringify({
    flows,
    solves,
    order,
    nanosecondsPerFlowSolve: Number((((used.user + used.system) * 1e3) / (solves * flows)).toFixed(2)),
    checksum: Number.isFinite(sink),
  })}\n`,
);
