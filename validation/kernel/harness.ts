/**
 * Runs `validation/kernel/run.sh` (the Linux kernel's TCP on an emulated fabric) on a flow
 * trace and reads back each repetition's flow times, scaled back to the trace's time, with
 * the per-flow RTO and retransmission counts. A run is refused when its lone flow misses
 * line rate or its repetitions disagree.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FlowTime, type FlowTrace, formatFlowTrace } from '@rackwise/flow-replay';

const RUN = new URL('./run.sh', import.meta.url).pathname;

/** Host links of the emulated fabric, bits per second: what this machine's CPU carries. */
export const HOST_BITS_PER_SECOND = 10e6;

/** Payload share of a full frame: 1448 B of TCP payload per 1502 B on the reference's wire. */
export const PAYLOAD_SHARE = 1448 / 1502;

/** A lone flow must reach this share of its path's payload rate. */
export const LONE_MIN_SHARE = 0.93;

/** Repetitions agree when each one's last byte is within this of their median. */
export const REPETITION_TOLERANCE = 0.2;

/** A Linux TCP setting of the harness. */
export interface KernelSetting {
  readonly name: string;
  readonly description: string;
  /** Congestion control module (`reno`, `cubic`, `dctcp`). */
  readonly cc: string;
  /** RTO_min in the trace's time (scaled with the rates on the fabric). */
  readonly rtoMin: number;
  /** Bytes above which a switch port marks ECN (DCTCP); 0: drop-tail, no marking. */
  readonly ecnBytes: number;
}

export const KERNEL_SETTINGS: Readonly<Record<string, KernelSetting>> = {
  'linux-reno': {
    name: 'linux-reno',
    description:
      'Reno, drop-tail 128 KiB switch ports, RTO_min 200 ms (scaled), RACK-TLP on (kernel default)',
    cc: 'reno',
    rtoMin: 0.2,
    ecnBytes: 0,
  },
  'linux-cubic': {
    name: 'linux-cubic',
    description: 'as linux-reno, CUBIC',
    cc: 'cubic',
    rtoMin: 0.2,
    ecnBytes: 0,
  },
  'linux-dctcp': {
    name: 'linux-dctcp',
    description: 'DCTCP, ports mark ECN above 30 KB (about 20 packets), RTO_min 200 ms (scaled)',
    cc: 'dctcp',
    rtoMin: 0.2,
    ecnBytes: 30000,
  },
};

/** One repetition of a trace on the fabric. */
export interface KernelRepetition {
  readonly times: readonly FlowTime[];
  /** Sum over flows of `tcpi_total_rto` (-1 when the kernel does not count them). */
  readonly rtos: number;
  readonly retransmissions: number;
  /** Flows whose sender saw reordering (`tcpi_reord_seen` > 0). */
  readonly reordered: number;
  /** Latest connect after its scheduled start, trace seconds. */
  readonly startLag: number;
  /** Packets the kernel dropped before any emulated queue (a CPU's input backlog full). */
  readonly backlogDrops: number;
}

/** A whole harness run: the lone flow's check and the repetitions. */
export interface KernelRun {
  readonly setting: string;
  readonly scale: number;
  /** The lone cross-rack flow's goodput ÷ its path's payload rate. */
  readonly loneShare: number;
  readonly loneRetransmissions: number;
  readonly repetitions: readonly KernelRepetition[];
  /** The fabric's settings as run.sh applied them (`settings.txt`). */
  readonly applied: Readonly<Record<string, string>>;
  readonly wallSeconds: number;
}

/** Why a run is refused, or undefined when it stands. */
export function refusal(run: KernelRun): string | undefined {
  const dropped = run.repetitions.reduce((n, r) => n + r.backlogDrops, 0);
  if (dropped > 0) {
    return `the CPU fell behind: ${dropped} packets dropped before the emulated queues (input backlog full)`;
  }
  if (!(run.loneShare >= LONE_MIN_SHARE)) {
    return `a lone flow reached ${(run.loneShare * 100).toFixed(1)} % of line rate (needs ${LONE_MIN_SHARE * 100} %): the CPU, not the fabric, limits`;
  }
  // The last byte is the figure compared; a few flows' median FCT moves with their start jitter.
  const lasts = run.repetitions.map((r) => r.times.reduce((m, t) => Math.max(m, t.end), 0));
  const m = median(lasts);
  const off = lasts.map((x) => Math.abs(x / m - 1));
  if (Math.max(...off) > REPETITION_TOLERANCE) {
    return `repetitions disagree: last byte ${lasts.map((x) => x.toFixed(4)).join(', ')} s (tolerance ±${REPETITION_TOLERANCE * 100} % of their median)`;
  }
  return undefined;
}

/** Repetitions that met a retransmission timeout a collapse-only run needs to stand. */
export const LEAST_COLLAPSED = 3;

/**
 * A run of a scenario whose outcome is a mixture (each repetition of an incast near the
 * collapse either meets a retransmission timeout or gets by on fast retransmit): only the
 * repetitions that met one are kept (a kernel that counts none, `rtos` -1, keeps all), and
 * `why` says so when fewer than `least` remain.
 */
export function keepCollapsed(
  run: KernelRun,
  least = LEAST_COLLAPSED,
): { run: KernelRun; setAside: number; why?: string } {
  const kept = run.repetitions.filter((r) => r.rtos !== 0);
  const setAside = run.repetitions.length - kept.length;
  const why =
    kept.length < least
      ? `only ${kept.length} of ${run.repetitions.length} repetitions met a retransmission timeout (needs ${least})`
      : undefined;
  return { run: { ...run, repetitions: kept }, setAside, ...(why === undefined ? {} : { why }) };
}

export function median(values: readonly number[]): number {
  const v = values.slice().sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const k = (v.length - 1) / 2;
  return (v[Math.floor(k)]! + v[Math.ceil(k)]!) / 2;
}

export function medianFct(times: readonly FlowTime[]): number {
  return median(times.map((t) => t.end - t.start));
}

/** Why this machine cannot make the fabric (not root, no namespaces, …), or undefined. */
export function cannotRun(): string | undefined {
  const check = spawnSync('bash', [RUN, '--check'], { encoding: 'utf8' });
  if (check.status === 0) return undefined;
  return check.stdout.trim() || check.stderr.trim() || `run.sh --check exited ${check.status}`;
}

/** Congestion control modules this kernel offers. */
export function availableCongestionControl(): string[] {
  const file = '/proc/sys/net/ipv4/tcp_available_congestion_control';
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/) : [];
}

interface HostLines {
  readonly sends: Map<number, { start: bigint; rtos: number; retrans: number; reord: number }>;
  readonly ends: Map<number, { end: bigint; bytes: number }>;
}

function readHosts(dir: string): HostLines {
  const sends: HostLines['sends'] = new Map();
  const ends: HostLines['ends'] = new Map();
  for (const file of readdirSync(dir).filter((f) => /^host-\d+\.txt$/.test(f))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const f = line.split(' ');
      if (f[0] === 'send') {
        sends.set(Number(f[1]), {
          start: BigInt(f[2]!),
          rtos: Number(f[3]),
          retrans: Number(f[5]),
          reord: Number(f[6]),
        });
      } else if (f[0] === 'recv') {
        ends.set(Number(f[1]), { end: BigInt(f[2]!), bytes: Number(f[3]) });
      }
    }
  }
  return { sends, ends };
}

/** A nanosecond clock reading → trace seconds: (t − t0) ÷ scale. */
function traceSeconds(ns: bigint, t0: bigint, scale: number): number {
  return Number(ns - t0) / 1e9 / scale;
}

/** Reads one repetition's directory into flow times in the trace's time. */
export function readRepetition(dir: string, trace: FlowTrace, scale: number): KernelRepetition {
  const t0 = BigInt(readFileSync(join(dir, 't0.txt'), 'utf8').trim());
  const { sends, ends } = readHosts(dir);
  const times: FlowTime[] = [];
  let rtos = 0;
  let retransmissions = 0;
  let reordered = 0;
  let startLag = 0;
  for (const flow of trace.flows) {
    const end = ends.get(flow.id);
    const send = sends.get(flow.id);
    if (end === undefined || send === undefined) throw new Error(`${dir}: flow ${flow.id} has no timing`);
    times.push({
      id: flow.id,
      start: flow.start,
      end: traceSeconds(end.end, t0, scale),
      delivered: end.bytes,
    });
    rtos = send.rtos < 0 || rtos < 0 ? -1 : rtos + send.rtos;
    retransmissions += send.retrans;
    if (send.reord > 0) reordered++;
    startLag = Math.max(startLag, traceSeconds(send.start, t0, scale) - flow.start);
  }
  const drops = join(dir, 'backlog-drops.txt');
  const backlogDrops = existsSync(drops) ? Number(readFileSync(drops, 'utf8').trim()) : 0;
  return { times, rtos, retransmissions, reordered, startLag, backlogDrops };
}

/** Bits per second of the slowest link on the lone flow's path (first host to the last). */
function lonePathRate(trace: FlowTrace): number {
  const { fabric } = trace;
  return Math.min(fabric.nicBitsPerSecond, fabric.rackUplinkBitsPerSecond, fabric.rackDownlinkBitsPerSecond);
}

/** The time scale that puts the trace's host links at `HOST_BITS_PER_SECOND`. */
export function scaleOf(trace: FlowTrace): number {
  return trace.fabric.nicBitsPerSecond / HOST_BITS_PER_SECOND;
}

/** Runs a trace on the fabric under a setting; throws with run.sh's message when it fails. */
export function runKernel(trace: FlowTrace, setting: KernelSetting, repetitions: number): KernelRun {
  const dir = mkdtempSync(join(tmpdir(), 'rackwise-kernel-'));
  const scale = scaleOf(trace);
  const loneBytes = 1e6;
  try {
    // The fabric starts the trace at its first flow: a cut from 120 s does not wait 120 × S s.
    const offset = trace.flows.reduce((m, f) => Math.min(m, f.start), Number.POSITIVE_INFINITY);
    const shifted = { ...trace, flows: trace.flows.map((f) => ({ ...f, start: f.start - offset })) };
    const input = join(dir, 'trace.tsv');
    writeFileSync(input, formatFlowTrace(shifted));
    const started = performance.now();
    // run.sh runs the traffic itself under `nice -n 10`; the fabric's making keeps this priority.
    const run = spawnSync(
      'bash',
      [
        RUN,
        `--trace=${input}`,
        `--out=${join(dir, 'out')}`,
        `--scale=${scale}`,
        `--cc=${setting.cc}`,
        `--rtoMin=${setting.rtoMin}`,
        `--ecnBytes=${setting.ecnBytes}`,
        `--reps=${repetitions}`,
        `--loneBytes=${loneBytes}`,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    if (run.status !== 0) {
      throw new Error(`kernel harness failed (${setting.name}): ${(run.stderr ?? '').slice(-2000)}`);
    }
    const out = join(dir, 'out');
    const applied = Object.fromEntries(
      readFileSync(join(out, 'settings.txt'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split('\t') as [string, string]),
    );
    const lone = readHosts(join(out, 'lone'));
    const t0 = BigInt(readFileSync(join(out, 'lone', 't0.txt'), 'utf8').trim());
    const loneEnd = traceSeconds(lone.ends.get(0)!.end, t0, scale);
    const loneStart = traceSeconds(lone.sends.get(0)!.start, t0, scale);
    const loneShare = (loneBytes * 8) / (loneEnd - loneStart) / (lonePathRate(trace) * PAYLOAD_SHARE);
    const reps = Array.from({ length: repetitions }, (_, k) => {
      const r = readRepetition(join(out, `rep-${k + 1}`), shifted, scale);
      return { ...r, times: r.times.map((t) => ({ ...t, start: t.start + offset, end: t.end + offset })) };
    });
    return {
      setting: setting.name,
      scale,
      loneShare,
      loneRetransmissions: lone.sends.get(0)!.retrans,
      repetitions: reps,
      applied,
      wallSeconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
