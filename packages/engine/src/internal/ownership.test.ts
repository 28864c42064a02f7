import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each part's state is written only by that part: the attempt table, the flow records
 * and the outstanding output are changed through their own methods, and a job's fields
 * through `JobState` and the job transitions, a job's shuffle progress by `JobShuffle` and
 * the fetcher that drives it, a job's waiting reduces by `WaitingReduces`, never by another file. A write is an
 * assignment, compound assignment or increment of an element of one of their arrays
 * (`attempts.phase[a] = …`, `flows.unit[rec]++`) or, for a job, of a field (`job.x = …`).
 */
const OWNED: readonly { owner: string; name: string; pattern: RegExp }[] = [
  { owner: 'attempt-table.ts', name: 'attempts', pattern: /\battempts\.\w+\[/g },
  { owner: 'flow-records.ts', name: 'flows', pattern: /\bflows\.\w+\[/g },
  { owner: 'outstanding-output.ts', name: 'outstanding', pattern: /\boutstanding(?:\.bytes)?\[/g },
  { owner: 'job-state.ts', name: 'job fields', pattern: /\bjob\.\w+\[/g },
  { owner: 'job-shuffle.ts', name: 'shuffle progress', pattern: /\bshuffle\.\w+\[/g },
  { owner: 'waiting-reduces.ts', name: 'waiting reduces', pattern: /\bwaiting\.list\[/g },
];
/** Files besides the owner that may write: a job's transitions, and the fetcher that drives the shuffle. */
const ALSO: Readonly<Record<string, readonly string[]>> = {
  'job-state.ts': ['job-transitions.ts'],
  'job-shuffle.ts': ['shuffle-fetcher.ts'],
};
const JOB_OWNERS = ['job-state.ts', 'job-transitions.ts'];

/** Assignments and increments of a job's fields (`job.count++`, `job.shuffle = …`) in `source`. */
function fieldWrites(source: string): string[] {
  const write = /(?:\+\+|--)\s*job\.\w+\b(?!\s*[[.(])|\bjob\.\w+\s*(?:[-+*/|&]?=(?!=)|\+\+|--)/;
  return source.split('\n').flatMap((line, n) => (write.test(line) ? [`${n + 1}: ${line.trim()}`] : []));
}

/** The element writes to `pattern`'s arrays in `source`, as `line: text`. */
function elementWrites(source: string, pattern: RegExp): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    for (const match of line.matchAll(pattern)) {
      const before = line.slice(0, match.index);
      let depth = 1;
      let end = match.index! + match[0].length;
      while (end < line.length && depth > 0) {
        if (line[end] === '[') depth++;
        else if (line[end] === ']') depth--;
        end++;
      }
      const after = line.slice(end).replace(/^!/, '').trimStart();
      const assigned = /^(?:[-+*/|&]?=(?!=)|\+\+|--)/.test(after);
      const incremented = /(?:\+\+|--)$/.test(before.trimEnd());
      if (assigned || incremented) found.push(`${n + 1}: ${line.trim()}`);
    }
  }
  return found;
}

describe('engine state ownership', () => {
  it('finds element writes and ignores reads', () => {
    const pattern = /\battempts\.\w+\[/g;
    expect(elementWrites('attempts.phase[a] = 2;', pattern)).toHaveLength(1);
    expect(elementWrites('host.attempts.fetchCount[a]!++;', pattern)).toHaveLength(1);
    expect(elementWrites('--attempts.count[x[1]];', pattern)).toHaveLength(1);
    expect(elementWrites('x += attempts.start[a]!;', pattern)).toHaveLength(0);
    expect(elementWrites('if (attempts.flow[a] === rec) return;', pattern)).toHaveLength(0);
    expect(elementWrites('a[attempts.job[a]!] = 1;', pattern)).toHaveLength(0);
    expect(fieldWrites('    job.runningMapCount--;')).toHaveLength(1);
    expect(fieldWrites('job.shuffle = new JobShuffle();')).toHaveLength(1);
    expect(fieldWrites('if (job.done === true) job.x += 1;')).toHaveLength(1);
    expect(fieldWrites('if (job.firstReduceTime === undefined) return;')).toHaveLength(0);
  });

  const here = dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const { owner, name, pattern } of OWNED) {
    it(`only ${owner} writes the ${name}`, () => {
      const writes = files
        .filter((f) => f !== owner && !(ALSO[owner] ?? []).includes(f))
        .flatMap((f) => elementWrites(readFileSync(join(here, f), 'utf8'), pattern).map((w) => `${f}:${w}`));
      expect(writes).toEqual([]);
    });
  }
  it('only the job state and its transitions write the fields of a job', () => {
    const writes = files
      .filter((f) => !JOB_OWNERS.includes(f))
      .flatMap((f) => fieldWrites(readFileSync(join(here, f), 'utf8')).map((w) => `${f}:${w}`));
    expect(writes).toEqual([]);
  });
});
