/**
 * Runs the packet-level harness (`validation/ns3/run.sh`, ns-3 3.37) on a flow trace and
 * reads back each flow's completion time.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FlowTime, type FlowTrace, formatFlowTrace, parseFlowTimes } from '@rackwise/engine';

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
    description: 'NewReno, drop-tail, RTO_min 200 ms (the reference)',
    args: ['--tcp=newreno', '--queue=droptail', '--rtoMin=0.2'],
  },
  'reno-1ms': {
    name: 'reno-1ms',
    description: 'NewReno, drop-tail, RTO_min 1 ms (datacenter-tuned RTO)',
    args: ['--tcp=newreno', '--queue=droptail', '--rtoMin=0.001'],
  },
  'cubic-200ms': {
    name: 'cubic-200ms',
    description: 'Cubic, drop-tail, RTO_min 200 ms',
    args: ['--tcp=cubic', '--queue=droptail', '--rtoMin=0.2'],
  },
  'fq-1ms': {
    name: 'fq-1ms',
    description: 'NewReno, per-flow fair queue at every port, RTO_min 1 ms',
    args: ['--tcp=newreno', '--queue=fq', '--rtoMin=0.001'],
  },
};

/** What one harness run gave. */
export interface Ns3Run {
  readonly times: readonly FlowTime[];
  /** CPU seconds of the harness process (user + system), and wall seconds. */
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
}

const HARNESS = new URL('../ns3/run.sh', import.meta.url).pathname;

/** Times a trace in ns-3 under one setting; throws with the harness's own message when it fails. */
export function runNs3(trace: FlowTrace, setting: TcpSetting, seed = 1): Ns3Run {
  const dir = mkdtempSync(join(tmpdir(), 'rackwise-ns3-'));
  try {
    const input = join(dir, 'trace.tsv');
    const output = join(dir, 'times.tsv');
    const usage = join(dir, 'usage');
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
      cpuSeconds: user + system,
      wallSeconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
