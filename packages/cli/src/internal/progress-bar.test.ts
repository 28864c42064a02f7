import { describe, expect, it } from 'vitest';
import { createProgressBar } from './progress-bar.js';
import { recordingIo } from './test-io.js';

describe('createProgressBar', () => {
  it('draws on a terminal, only when the shown line changes, and clears the line at the end', () => {
    const io = recordingIo('/', {}, true);
    const bar = createProgressBar(io, false);
    bar.update(0.5, '1/2 runs');
    bar.update(0.501, '1/2 runs');
    bar.finish();
    expect(io.err).toHaveLength(2);
    expect(io.err[0]).toContain('50% 1/2 runs');
    expect(io.err[1]).toBe('\r\x1b[2K');
    expect(io.out).toEqual([]);
  });

  it.each([
    ['not a terminal', recordingIo('/', {}, false), false],
    ['under CI', recordingIo('/', { CI: 'true' }, true), false],
    ['with --quiet', recordingIo('/', {}, true), true],
  ])('draws nothing %s', (_, io, quiet) => {
    const bar = createProgressBar(io, quiet);
    bar.update(0.3, 'x');
    bar.finish();
    expect(io.err).toEqual([]);
  });
});
