import { fc, test } from '@fast-check/vitest';
import type {
  BitsPerSecond,
  JobSpec,
  NodeId,
  RackId,
  ResourceVector,
  TopologyView,
  UserId,
} from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { hdfsPlacement } from './hdfs-placement.js';
import { seededRandom } from './seeded-random.js';

/** A minimal topology: `sizes[r]` nodes in rack r, node ids shuffled across racks by `order`. */
function topology(sizes: readonly number[], order?: readonly number[]): TopologyView {
  const rackOfNode: number[] = [];
  sizes.forEach((size, rack) => {
    for (let k = 0; k < size; k++) rackOfNode.push(rack);
  });
  const racks = order === undefined ? rackOfNode : order.map((i) => rackOfNode[i] as number);
  const nodesOf = sizes.map((_, rack) => racks.flatMap((r, node) => (r === rack ? [node as NodeId] : [])));
  return {
    rackCount: sizes.length,
    nodeCount: racks.length,
    slotModel: 'container',
    rackOf: (node: NodeId) => racks[node] as RackId,
    nodesOf: (rack: RackId) => nodesOf[rack] ?? [],
    slotsOf: () => 1,
    resourcesOf: (): ResourceVector => ({ vcores: 1, memoryMb: 1024 }),
    nicCapacity: (): BitsPerSecond => 1e9,
    rackUplinkCapacity: (): BitsPerSecond => 1e9,
    rackDownlinkCapacity: (): BitsPerSecond => 1e9,
  };
}

function job(mapCount: number): JobSpec {
  return {
    name: 'j',
    user: 0 as UserId,
    queue: 'default',
    submitTime: 0,
    inputBytes: mapCount * 100,
    shuffleBytes: 0,
    outputBytes: 0,
    mapCount,
    reduceCount: 0,
    blockBytes: 100,
  };
}

const topologies = fc
  .array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })
  .filter((sizes) => sizes.reduce((a, b) => a + b, 0) >= 1)
  .chain((sizes) => {
    const n = sizes.reduce((a, b) => a + b, 0);
    return fc.record({
      sizes: fc.constant(sizes),
      order: fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      ),
      replication: fc.integer({ min: 1, max: Math.min(5, n) }),
      maps: fc.integer({ min: 1, max: 20 }),
      seed: fc.integer(),
    });
  });

describe('hdfsPlacement', () => {
  test.prop([topologies])(
    'places distinct in-range replicas the HDFS way',
    ({ sizes, order, replication, maps, seed }) => {
      const view = topology(sizes, order);
      const placement = hdfsPlacement({ replication });
      const out = new Int32Array(maps * replication);
      placement.place(job(maps), view, seededRandom(seed), out);
      const rackSize = (rack: number) => sizes[rack] as number;
      const otherRacksHaveNodes = (rack: number) => view.nodeCount - rackSize(rack) > 0;
      for (let m = 0; m < maps; m++) {
        const replicas = Array.from(out.subarray(m * replication, (m + 1) * replication));
        for (const node of replicas) expect(node >= 0 && node < view.nodeCount).toBe(true);
        expect(new Set(replicas).size).toBe(replication);
        const [first, second, third] = replicas.map((node) => view.rackOf(node as NodeId) as number);
        if (second !== undefined && otherRacksHaveNodes(first as number)) expect(second).not.toBe(first);
        // Third on the second's rack (so off the first's) whenever that rack has another node.
        if (third !== undefined && second !== first && rackSize(second as number) >= 2) {
          expect(third).toBe(second);
          expect(third).not.toBe(first);
        }
      }
    },
  );

  test.prop([topologies])('is deterministic for a seed', ({ sizes, order, replication, maps, seed }) => {
    const view = topology(sizes, order);
    const a = new Int32Array(maps * replication);
    const b = new Int32Array(maps * replication);
    hdfsPlacement({ replication }).place(job(maps), view, seededRandom(seed), a);
    hdfsPlacement({ replication }).place(job(maps), view, seededRandom(seed), b);
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it('spreads first replicas over all nodes and second replicas off the first rack', () => {
    const view = topology([4, 4, 4]);
    const maps = 12_000;
    const out = new Int32Array(maps * 3);
    hdfsPlacement().place(job(maps), view, seededRandom(7), out);
    const firstCounts = new Array(12).fill(0);
    for (let m = 0; m < maps; m++) firstCounts[out[m * 3] as number] += 1;
    // 1000 expected per node; 5 standard deviations ≈ 150.
    for (const count of firstCounts) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it('falls back within a single rack', () => {
    const view = topology([3]);
    const out = new Int32Array(3 * 50);
    hdfsPlacement().place(job(50), view, seededRandom(1), out);
    for (let m = 0; m < 50; m++) expect(new Set(out.subarray(m * 3, m * 3 + 3)).size).toBe(3);
  });

  it('refuses more replicas than nodes, naming replication', () => {
    const placement = hdfsPlacement({ replication: 4 });
    expect(() => placement.place(job(1), topology([2, 1]), seededRandom(1), new Int32Array(4))).toThrow(
      "hdfsPlacement: replication 4 exceeds the topology's 3 node(s)",
    );
  });

  it('refuses a bad replication at construction and a wrong output length', () => {
    expect(() => hdfsPlacement({ replication: 0 })).toThrow(
      'hdfsPlacement: replication must be an integer >= 1, got 0',
    );
    expect(() => hdfsPlacement({ replication: 2.5 })).toThrow('replication must be an integer >= 1');
    expect(() => hdfsPlacement().place(job(2), topology([3, 3]), seededRandom(1), new Int32Array(5))).toThrow(
      'out.length must be mapCount × replication = 2 × 3 = 6',
    );
  });

  it('describes itself', () => {
    expect(hdfsPlacement({ replication: 2 })).toMatchObject({ name: 'hdfs', replication: 2 });
  });
});
