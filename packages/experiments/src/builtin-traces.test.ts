import { fb2009TracePath, fb2010TracePath } from '@rackwise/workloads';
import { describe, expect, it } from 'vitest';
import { defaultPolicyRegistry } from './builtin-policies.js';
import { applyOverrides } from './experiment-overrides.js';
import { experimentPreset } from './preset-catalogue.js';
import { validatePreset } from './validate-preset.js';
import {
  BUILTIN_TRACE_NAMES,
  FB2009_TRACE,
  buildWorkload,
  isBuiltinTrace,
  swimSizeScale,
  traceFile,
} from './workload-recipe.js';

describe('the shipped SWIM days', () => {
  it('are known by name, and a path is not one of them', () => {
    expect(BUILTIN_TRACE_NAMES).toEqual(['fb2009', 'fb2010']);
    expect(isBuiltinTrace('fb2009')).toBe(true);
    expect(isBuiltinTrace('fb2010')).toBe(true);
    expect(isBuiltinTrace('toString')).toBe(false);
    expect(isBuiltinTrace('./fb2009')).toBe(false);
    expect(traceFile('fb2009')).toBe(fb2009TracePath());
    expect(traceFile('fb2010')).toBe(fb2010TracePath());
    expect(traceFile('/data/FB.tsv')).toBe('/data/FB.tsv');
  });

  it('replace a trace preset by name and pass validation', () => {
    const preset = applyOverrides(experimentPreset('nas-sim'), { trace: FB2009_TRACE, hours: 1 });
    expect(() => validatePreset(preset, defaultPolicyRegistry())).not.toThrow();
    const workload = buildWorkload(preset.workload, preset.storage, 1);
    expect(workload.name).toBe('FB-2009 hours 0–1');
    expect(workload.jobs[0]?.name).toBe('job0');
  });
});

describe("FB-2009 in the presets that replay FB-2010: the preset's size scale is SWIM's rule for FB-2009", () => {
  // SWIM scales a trace by target / source cluster size; FB-2009 was recorded on ~600 machines.
  it('nas-sim replays it unscaled on its 600 nodes (600 / 600)', () => {
    const preset = applyOverrides(experimentPreset('nas-sim'), { trace: FB2009_TRACE });
    expect(preset.topology.racks * preset.topology.nodesPerRack).toBe(600);
    const scale = preset.workload.kind === 'swim-trace' ? (preset.workload.sizeScale ?? 1) : Number.NaN;
    expect(scale).toBe(swimSizeScale(FB2009_TRACE, 600));
  });

  it("shadow-fb replays it at 1/3, the paper's 600-to-200-node factor (200 / 600)", () => {
    const preset = applyOverrides(experimentPreset('shadow-fb'), { trace: FB2009_TRACE });
    expect(preset.workload).toMatchObject({ trace: 'fb2009', sampleJobs: 50 });
    const scale = preset.workload.kind === 'swim-trace' ? preset.workload.sizeScale : undefined;
    expect(scale).toBeCloseTo(swimSizeScale(FB2009_TRACE, 200), 12);
  });
});
