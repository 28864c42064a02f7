import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { traceFile } from '@rackwise/experiments';

/** What `rackwise reproduce` records of the code and the data a map ran on. */
export interface ProvenanceSources {
  /** The commit of the checkout the CLI runs from (`-dirty` when tracked files changed), when it is one. */
  readonly commit: string | undefined;
  /** SHA-256 of a trace's file: `fb2010` or `fb2009` (the days `@rackwise/workloads` ships) or a path. */
  readonly traceChecksum: (trace: string) => string | undefined;
}

/** Output of a git command run beside this file, or undefined outside a checkout. */
function git(args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: dirname(fileURLToPath(import.meta.url)),
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

/** The commit and the trace checksums of this installation. */
export async function provenanceSources(): Promise<ProvenanceSources> {
  const head = git(['rev-parse', 'HEAD']);
  const dirty = head !== undefined && (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '';
  const sums = new Map<string, string | undefined>();
  return {
    commit: head === undefined ? undefined : `${head}${dirty ? '-dirty' : ''}`,
    traceChecksum: (trace) => {
      if (!sums.has(trace)) {
        let sum: string | undefined;
        try {
          const file = traceFile(trace);
          sum = createHash('sha256').update(readFileSync(file)).digest('hex');
        } catch {}
        sums.set(trace, sum);
      }
      return sums.get(trace);
    },
  };
}
