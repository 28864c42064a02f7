import { describe, expect, it } from 'vitest';
import { passedOverIn } from './job-story.js';

describe('passedOverIn', () => {
  it('reports a skip count against its maximum when the policy counts skips', () => {
    const evidence = { skipped: [{ group: 'user:1', jobs: [4], skips: 3, maxSkips: 135 }] };
    expect(passedOverIn(evidence, 4)).toBe('user:1 skipped (3 of 135 skips)');
  });

  it('reports the wait against the maximum wait when the policy waits a time', () => {
    const evidence = {
      skipped: [
        { group: 'user:1', jobs: [4], skips: 3, maxSkips: 135, waitedSeconds: 1.25, maxWaitSeconds: 5 },
      ],
    };
    expect(passedOverIn(evidence, 4)).toBe('user:1 skipped (waited 1.3 of 5 s)');
  });

  it('says nothing of a job the evidence does not name', () => {
    expect(
      passedOverIn({ skipped: [{ group: 'user:1', jobs: [4], skips: 3, maxSkips: 135 }] }, 5),
    ).toBeUndefined();
  });
});
