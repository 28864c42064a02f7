import type { JobSpec, UserId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { validateJobLinks } from './validate-recorded.js';

const job = (fields: Partial<JobSpec>): JobSpec => ({
  name: 'j',
  user: 0 as UserId,
  queue: 'default',
  submitTime: 0,
  inputBytes: 0,
  shuffleBytes: 10,
  outputBytes: 0,
  mapCount: 2,
  reduceCount: 1,
  blockBytes: 1,
  ...fields,
});

describe('validateJobLinks', () => {
  const parent = job({ reduceCount: 0 });
  it('refuses a dependency on a later or the same job, and repeated parents', () => {
    expect(() => validateJobLinks(job({ dependsOn: [1] }), 1, [parent, parent], 'jobs[1]')).toThrow(
      'jobs[1].dependsOn must be distinct indices of earlier jobs (0 … 0)',
    );
    expect(() => validateJobLinks(job({ dependsOn: [0, 0] }), 1, [parent, parent], 'jobs[1]')).toThrow(
      'jobs[1].dependsOn',
    );
  });

  it('refuses per-task figures of the wrong length, value or sum', () => {
    expect(() => validateJobLinks(job({ recorded: { mapSeconds: [1] } }), 0, [], 'jobs[0]')).toThrow(
      'jobs[0].recorded.mapSeconds must be an array of 2 entries',
    );
    expect(() => validateJobLinks(job({ recorded: { reduceSeconds: [-1] } }), 0, [], 'jobs[0]')).toThrow(
      'recorded.reduceSeconds must be finite numbers >= 0',
    );
    expect(() => validateJobLinks(job({ recorded: { mapOutputBytes: [1, 2] } }), 0, [], 'jobs[0]')).toThrow(
      'recorded.mapOutputBytes must be entries summing to 10, got 3',
    );
  });

  it("refuses maps standing for parents' tasks that do not number them", () => {
    const ok = job({ dependsOn: [0], recorded: { mapsFromParents: true } });
    expect(() => validateJobLinks(ok, 1, [parent, ok], 'jobs[1]')).not.toThrow();
    const bad = job({ mapCount: 3, dependsOn: [0], recorded: { mapsFromParents: true } });
    expect(() => validateJobLinks(bad, 1, [parent, bad], 'jobs[1]')).toThrow(
      "jobs[1].mapCount must be the parents' 2 tasks",
    );
    expect(() => validateJobLinks(job({ recorded: { mapsFromParents: true } }), 0, [], 'jobs[0]')).toThrow(
      'set only with dependsOn',
    );
  });
});
