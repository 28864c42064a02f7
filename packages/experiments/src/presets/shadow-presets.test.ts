import { buildTopology } from '@rackwise/topology';
import { describe, expect, it } from 'vitest';
import { applyOverrides } from '../experiment-overrides.js';
import { experimentPreset } from '../preset-catalogue.js';
import { sweepOverrides } from '../sweep.js';
import { buildWorkload } from '../workload-recipe.js';

const GIB = 2 ** 30;

describe('the Shadow presets', () => {
  it('set up §5.1–5.3: 52 nodes in 4 racks of 13, 12 + 3 slots, 2 Gbps rack links, 256 MB × 2, slowstart 0.8', () => {
    const bench = experimentPreset('shadow-bench');
    expect(bench.topology).toMatchObject({
      racks: 4,
      nodesPerRack: 13,
      slots: { model: 'split', mapSlots: 12, reduceSlots: 3 },
      nicCapacity: 1e9,
      rackUplinkCapacity: 2e9,
      rackDownlinkCapacity: 2e9,
    });
    expect(bench.storage).toEqual({ blockBytes: 256 * 2 ** 20, replication: 2 });
    expect(bench.engine.mapCompletionThreshold).toBe(0.8);
    expect(bench.policies).toEqual(['delay', 'shadow', 'even', 'kmn']);
    expect(bench.baseline).toBe('delay');
  });

  it('run the six applications of Table 2 at 120 GB, one at a time', () => {
    const workload = buildWorkload(
      experimentPreset('shadow-bench').workload,
      experimentPreset('shadow-bench').storage,
      1,
    );
    expect(workload.jobs.map((j) => j.signature).sort()).toEqual([
      'kmeans',
      'ranked-inverted-index',
      'self-join',
      'sequence-count',
      'terasort',
      'wordcount',
    ]);
    for (const job of workload.jobs) {
      expect(job.inputBytes).toBe(120 * GIB);
      expect(job.mapCount).toBe(480);
    }
    expect(workload.jobs.map((j) => j.submitTime)).toEqual([0, 3600, 7200, 10800, 14400, 18000]);
  });

  it('draw 50 FB-2010 jobs scaled by 1/3', () => {
    const preset = experimentPreset('shadow-fb');
    const workload = buildWorkload(preset.workload, preset.storage, 1);
    expect(workload.jobs).toHaveLength(50);
  });

  it('sweep racks over the same nodes, the rack links and the input size', () => {
    const terasort = experimentPreset('shadow-terasort');
    expect(applyOverrides(terasort, sweepOverrides('racks', 3)).topology).toMatchObject({
      racks: 3,
      nodesPerRack: 17,
    });
    expect(applyOverrides(terasort, sweepOverrides('racks', 9)).topology).toMatchObject({
      racks: 9,
      nodesPerRack: 6,
    });
    expect(applyOverrides(terasort, sweepOverrides('rackLinkGbps', 4)).topology).toMatchObject({
      rackUplinkCapacity: 4e9,
      rackDownlinkCapacity: 4e9,
    });
    const small = applyOverrides(terasort, sweepOverrides('sizeScale', 0.25));
    const [job] = buildWorkload(small.workload, small.storage, 1).jobs;
    expect(job?.inputBytes).toBe(30 * GIB);
    expect(job?.signature).toBe('terasort');
  });

  it("with uploadShare 1, put every block's first replica on the job's writer node and the second in another rack", () => {
    const preset = applyOverrides(experimentPreset('shadow-terasort'), sweepOverrides('uploadShare', 1));
    const workload = buildWorkload(preset.workload, preset.storage, 1);
    const topology = buildTopology(preset.topology);
    const [job] = workload.jobs;
    const out = new Int32Array(job!.mapCount * 2);
    let state = 5;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    workload.placement.place(job!, topology, { next, int: (b) => Math.floor(next() * b) }, out);
    const writers = new Set<number>();
    for (let i = 0; i < job!.mapCount; i += 1) {
      writers.add(out[2 * i]!);
      expect(topology.rackOf(out[2 * i + 1] as never)).not.toBe(topology.rackOf(out[2 * i] as never));
    }
    expect(writers.size).toBe(1);
  });
});
