/**
 * Runs the packet-level harness (`validation/ns3/run.sh`, ns-3 3.37) on a flow trace and
 * reads back each flow's completion time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FlowTime, type FlowTrace, formatFlowTrace, parseFlowTimes } from '@rackwise/flow-replay';

/** A TCP and queue configuration of the harness. */
export interface TcpSetting {
  readonly name: string;
  readonly description: string;
  /** Arguments to the harness (`--tcp=newreno`, `--rtoMin=0.2`, …). */
  readonly args: readonly string[];
}

/**
 * The packet-level settings the validation runs. `reno-200ms` is the reference every
 * model setting is judged against: NewReno over drop-tail switch ports, RTO_min 200 ms
 * (Linux's default), ACK every segment — a stock Hadoop cluster.
 */
export const TCP_SETTINGS: Readonly<Record<string, TcpSetting>> = {
  'reno-200ms': {
    name: 'reno-200ms',
    description:
      'NewReno, drop-tail 128 KiB switch ports, a Linux-like sender (fq host NIC, 16 MiB: no drops at its own NIC), RTO_min 200 ms — the reference',
    args: [
      '--tcp=newreno',
      '--queue=droptail',
      '--hostQueue=fq',
      '--hostQueueBytes=16777216',
      '--rtoMin=0.2',
    ],
  },
  'reno-1ms': {
    name: 'reno-1ms',
    description: 'as the reference, RTO_min 1 ms (datacenter-tuned RTO)',
    args: [
      '--tcp=newreno',
      '--queue=droptail',
      '--hostQueue=fq',
      '--hostQueueBytes=16777216',
      '--rtoMin=0.001',
    ],
  },
  'hostdrop-200ms': {
    name: 'hostdrop-200ms',
    description:
      "as the reference, but the sender's NIC is a 128 KiB drop-tail queue too (ns-3's stock behaviour)",
    args: ['--tcp=newreno', '--queue=droptail', '--rtoMin=0.2'],
  },
  'cubic-200ms': {
    name: 'cubic-200ms',
    description: 'as the reference, Cubic',
    args: ['--tcp=cubic', '--queue=droptail', '--hostQueue=fq', '--hostQueueBytes=16777216', '--rtoMin=0.2'],
  },
  'fq-1ms': {
    name: 'fq-1ms',
    description: 'NewReno, per-flow fair queue at every port and host, RTO_min 1 ms',
    args: ['--tcp=newreno', '--queue=fq', '--hostQueueBytes=16777216', '--rtoMin=0.001'],
  },
};

/** What one harness run gave. */
export interface Ns3Run {
  readonly times: readonly FlowTime[];
  /** TCP payload bytes each link carried per bin of `LINK_BIN` seconds: `[link, bin start, bytes]`. */
  readonly linkBytes: readonly (readonly [number, number, number])[];
  /** CPU seconds of the harness process (user + system), and wall seconds. */
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
}

const HARNESS = new URL('../ns3/run.sh', import.meta.url).pathname;

/** Seconds per bin of the link-utilisation series. */
export const LINK_BIN = 0.1;

/** Reads a link-bytes file (`# rackwise link bytes 1`). */
export function parseLinkBytes(text: string): [number, number, number][] {
  return text
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t').map(Number) as [number, number, number]);
}

/** Times a trace in ns-3 under one setting; throws with the harness's own message when it fails. */
export function runNs3(trace: FlowTrace, setting: TcpSetting, seed = 1): Ns3Run {
  const dir = mkdtempSync(join(tmpdir(), 'rackwise-ns3-'));
  try {
    const input = join(dir, 'trace.tsv');
    const output = join(dir, 'times.tsv');
    const usage = join(dir, 'usage');
    const links = join(dir, 'links.tsv');
    writeFileSync(input, formatFlowTrace(trace));
    const started = performance.now();
    const run = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        '%U %S',
        '-o',
        usage,
        'bash',
        HARNESS,
        `--trace=${input}`,
        `--out=${output}`,
        `--links=${links}`,
        `--bin=${LINK_BIN}`,
        `--seed=${seed}`,
        ...setting.args,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    if (run.status !== 0) {
      throw new Error(`ns-3 harness failed (${setting.name}): ${run.stderr.slice(-2000)}`);
    }
    const [user, system] = readFileSync(usage, 'utf8').trim().split(/\s+/).slice(-2).map(Number) as [
      number,
      number,
    ];
    return {
      times: parseFlowTimes(readFileSync(output, 'utf8'), output),
      linkBytes: parseLinkBytes(readFileSync(links, 'utf8')),
      cpuSeconds: user + system,
      wallSeconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
