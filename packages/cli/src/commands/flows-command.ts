import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type FlowComparison,
  NETWORK_SETTINGS,
  compareFlowTimes,
  networkSetting,
} from '@rackwise/experiments';
import {
  type FlowTrace,
  formatFlowTimes,
  parseFlowTimes,
  parseFlowTrace,
  replayFlowTrace,
} from '@rackwise/flow-replay';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { positiveNumber, stringOption } from '../option-values.js';
import { checkOutputFile } from '../output-files.js';
import { UsageError } from '../usage-error.js';

/** `rackwise flows`: replay a flow trace under a network setting, or compare two timings of it. */
export const FLOWS_COMMAND: CommandSpec = {
  name: 'flows',
  summary: 'Time a flow trace (`run --flow-trace`) under any network setting, or compare two timings of it.',
  positionals: ['replay|compare', '<trace>', '[<model times>', '<reference times>]'],
  requiredPositionals: 2,
  variadic: true,
  options: {
    network: {
      type: 'string',
      value: '<setting>',
      description: `replay: a named setting (${Object.keys(NETWORK_SETTINGS).join(', ')}) and/or key=value changes; default exact`,
    },
    out: {
      type: 'string',
      value: '<file>',
      description: 'replay: write the flow times here (default: standard output)',
    },
    links: { type: 'string', value: '<file>', description: 'replay: write bytes per link and time bin here' },
    bin: { type: 'string', value: '<s>', description: 'replay: seconds per link bin; default 0.01' },
    json: { type: 'string', value: '<file>', description: 'compare: write the comparison as JSON' },
    help: { type: 'boolean', short: 'h', description: 'show this help' },
  },
};

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${what}: cannot read ${path}: ${(error as Error).message}`);
  }
}

function readTrace(path: string): FlowTrace {
  try {
    return parseFlowTrace(readText(path, 'trace'), path);
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError((error as Error).message);
  }
}

/** Runs `flows replay …` or `flows compare …`. */
export function flowsCommand(argv: readonly string[], io: CliIo): number {
  const { values, positionals } = parseCommandLine(FLOWS_COMMAND, argv);
  const [action, tracePath, ...rest] = positionals;
  const trace = readTrace(resolve(io.cwd, tracePath as string));
  if (action === 'replay') {
    if (rest.length > 0) throw new UsageError(`flows replay takes one trace, got also ${rest.join(' ')}`);
    let settings: ReturnType<typeof networkSetting>;
    try {
      settings = networkSetting(stringOption(values, 'network') ?? 'exact');
    } catch (error) {
      throw new UsageError(`--network: ${(error as Error).message}`);
    }
    const outText = stringOption(values, 'out');
    const out = outText === undefined ? undefined : checkOutputFile('out', outText, io.cwd);
    const linksText = stringOption(values, 'links');
    const links = linksText === undefined ? undefined : checkOutputFile('links', linksText, io.cwd);
    const binText = stringOption(values, 'bin');
    const bin = binText === undefined ? 0.01 : positiveNumber('bin', binText, 3600);
    const started = performance.now();
    const result = replayFlowTrace(trace, links === undefined ? settings : { ...settings, linkBin: bin });
    const seconds = (performance.now() - started) / 1000;
    const text = formatFlowTimes(result.times, [
      `network ${JSON.stringify(settings)}`,
      `replay ${seconds.toFixed(3)} s wall, ${result.solves} solves`,
    ]);
    if (out === undefined) io.stdout(text);
    else writeFileSync(out, text);
    if (links !== undefined) {
      const lines = result.linkBytes.map(([l, t, b]) => `${l}\t${t}\t${b}`);
      writeFileSync(links, `# rackwise link bytes 1\n# bin ${bin} s\n${lines.join('\n')}\n`);
    }
    return 0;
  }
  if (action === 'compare') {
    if (rest.length !== 2)
      throw new UsageError('flows compare takes <trace> <model times> <reference times>');
    const [modelPath, referencePath] = rest.map((p) => resolve(io.cwd, p)) as [string, string];
    const jsonText = stringOption(values, 'json');
    const json = jsonText === undefined ? undefined : checkOutputFile('json', jsonText, io.cwd);
    let comparison: FlowComparison;
    try {
      comparison = compareFlowTimes(
        trace,
        parseFlowTimes(readText(modelPath, 'model times'), modelPath),
        parseFlowTimes(readText(referencePath, 'reference times'), referencePath),
      );
    } catch (error) {
      throw error instanceof UsageError ? error : new UsageError((error as Error).message);
    }
    io.stdout(formatComparison(comparison));
    if (json !== undefined) writeFileSync(json, `${JSON.stringify(comparison, null, 2)}\n`);
    return 0;
  }
  throw new UsageError(`flows: the first argument is replay or compare, got ${JSON.stringify(action)}`);
}

const pct = (x: number): string =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %` : '—';
const abs = (x: number): string => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : '—');

/** Flow ids, the first 20 of them by name. */
function namedIds(ids: readonly number[]): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `${shown} and ${ids.length - 20} more` : shown;
}

/** The comparison as a few plain-text tables. */
export function formatComparison(c: FlowComparison): string {
  const lines = [`${c.flows} flows compared; last byte ${pct(c.makespanError)} against the reference`];
  for (const [side, ids] of [
    ['model', c.missing.model],
    ['reference', c.missing.reference],
  ] as const) {
    if (ids.length > 0) lines.push(`${ids.length} not in the ${side} timing (left out): ${namedIds(ids)}`);
  }
  lines.push('');
  lines.push('FCT by flow size (model ÷ reference − 1 of each quantile)');
  lines.push(
    `${'size'.padEnd(16)}${'flows'.padStart(8)}${'p50'.padStart(11)}${'p90'.padStart(11)}${'p99'.padStart(11)}`,
  );
  for (const b of c.buckets) {
    lines.push(
      `${b.bucket.padEnd(16)}${String(b.flows).padStart(8)}${pct(b.fctError.p50).padStart(11)}${pct(b.fctError.p90).padStart(11)}${pct(b.fctError.p99).padStart(11)}`,
    );
  }
  lines.push('', 'Paired error (|model ÷ reference − 1|: median, p90; signed median)');
  for (const [name, e] of [
    ['flows ≥ 100 KB', c.largeFlows],
    ['reduce shuffles', c.reduces],
    ['job shuffles', c.jobs],
  ] as const) {
    lines.push(
      `${name.padEnd(16)}${String(e.count).padStart(8)}${abs(e.absP50).padStart(11)}${abs(e.absP90).padStart(11)}${pct(e.bias).padStart(11)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
