import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { RecordedTrace } from './recorded-trace.js';

/**
 * How hosts are grouped into racks: `recorded` takes the racks the trace records (Rumen's
 * `/rack/host`); `regex` takes the first capture group (or the whole match) of a regular
 * expression on the host name; `file` takes a host → rack file. Hosts the rule does not
 * cover go to {@link DEFAULT_RACK}, as YARN puts hosts without a topology script.
 */
export type RackRule =
  | { readonly kind: 'recorded' }
  | { readonly kind: 'regex'; readonly pattern: string }
  | { readonly kind: 'file'; readonly path: string };

/** YARN's rack for a host its topology script does not name. */
export const DEFAULT_RACK = 'default-rack';

/** Hosts in racks: rack names in order of first host, and each host's rack index. */
export interface RackAssignment {
  readonly rule: string;
  readonly racks: readonly string[];
  /** Rack index of each of `trace.hosts`, in the same order. */
  readonly rackOfHost: readonly number[];
  /** Hosts no rule covered (put in the default rack). */
  readonly defaulted: readonly string[];
}

/**
 * Puts the trace's hosts into racks by the rule (default `recorded`).
 * @throws Error naming the option for a bad regex; naming the file and line for a bad
 * host → rack file (`<host> <rack>` per line, `#` comments).
 */
export function assignRacks(trace: RecordedTrace, rule: RackRule = { kind: 'recorded' }): RackAssignment {
  const lookup = rackLookup(trace, rule);
  const racks: string[] = [];
  const defaulted: string[] = [];
  const rackOfHost = trace.hosts.map((host) => {
    let rack = lookup(host);
    if (rack === undefined) {
      defaulted.push(host);
      rack = DEFAULT_RACK;
    }
    let index = racks.indexOf(rack);
    if (index < 0) index = racks.push(rack) - 1;
    return index;
  });
  const name =
    rule.kind === 'recorded'
      ? trace.recordedRacks.size > 0
        ? 'as recorded in the trace'
        : 'none recorded in the trace (give --racks-from or --racks-file)'
      : rule.kind === 'regex'
        ? `--racks-from ${rule.pattern}`
        : `--racks-file ${basename(rule.path)}`;
  return { rule: name, racks, rackOfHost, defaulted };
}

function rackLookup(trace: RecordedTrace, rule: RackRule): (host: string) => string | undefined {
  if (rule.kind === 'recorded') return (host) => trace.recordedRacks.get(host);
  if (rule.kind === 'regex') {
    let re: RegExp;
    try {
      re = new RegExp(rule.pattern);
    } catch (error) {
      throw new Error(`--racks-from: not a regular expression: ${(error as Error).message}`);
    }
    return (host) => {
      const m = re.exec(host);
      return m === null ? undefined : (m[1] ?? m[0]);
    };
  }
  const file = basename(rule.path);
  let text: string;
  try {
    text = readFileSync(rule.path, 'utf8');
  } catch (error) {
    throw new Error(`--racks-file: cannot read ${rule.path}: ${(error as Error).message}`);
  }
  const map = new Map<string, string>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const fields = line.split(/[\s,]+/);
    if (fields.length !== 2) {
      throw new Error(`${file} line ${i + 1}: expected "<host> <rack>", got ${JSON.stringify(raw.trim())}`);
    }
    map.set(fields[0]!, fields[1]!.replace(/^\//, ''));
  });
  return (host) => map.get(host);
}
