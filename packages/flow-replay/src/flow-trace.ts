import type { ResolvedTopologySpec } from '@rackwise/topology';
import type { Bytes, Seconds } from '@rackwise/types';

/** What a flow carried (engine flow kinds). */
export type FlowKind = 'input' | 'shuffle' | 'output' | 'migration';

/**
 * How a recorded flow ended: `done` — it delivered all its bytes; `cancelled` — its task
 * was killed, preempted or its fetch cut short, after `delivered` bytes.
 */
export type FlowStatus = 'done' | 'cancelled';

/**
 * One network flow of a run (docs/network-validation.md, "Flow traces"): when it started,
 * between which nodes, how many bytes, over which links, for which job and task, and when
 * and how it ended. Flows within one node and empty flows never enter the network and are
 * not recorded.
 */
export interface FlowTraceRecord {
  /** Sequence number of the flow in the run, from 0, in start order. */
  readonly id: number;
  readonly start: Seconds;
  readonly source: number;
  readonly destination: number;
  /** Bytes the flow was started to carry. */
  readonly bytes: Bytes;
  readonly kind: FlowKind;
  /** The job (its index in the workload) and the task within it (map or reduce index by kind). */
  readonly job: number;
  readonly task: number;
  readonly status: FlowStatus;
  /** When it delivered its last byte (`done`) or was removed (`cancelled`). */
  readonly end: Seconds;
  /** Bytes delivered: `bytes` when done, fewer when cancelled. */
  readonly delivered: Bytes;
  /** Link indices the flow crossed (the topology's numbering: NIC up, NIC down, rack up, rack down). */
  readonly links: readonly number[];
}

/** The fabric a flow trace ran on: a uniform rack cluster under one core (bits per second). */
export interface FlowTraceFabric {
  readonly racks: number;
  readonly nodesPerRack: number;
  readonly nicBitsPerSecond: number;
  readonly rackUplinkBitsPerSecond: number;
  readonly rackDownlinkBitsPerSecond: number;
}

/** A flow trace as read back: its fabric and its flows in file order. */
export interface FlowTrace {
  readonly fabric: FlowTraceFabric;
  readonly flows: readonly FlowTraceRecord[];
}

/** One flow's timing under some network (a replay, or packet-level TCP). */
export interface FlowTime {
  readonly id: number;
  readonly start: Seconds;
  readonly end: Seconds;
  readonly delivered: Bytes;
}

const TRACE_MAGIC = '# rackwise flow trace 1';
const TIMES_MAGIC = '# rackwise flow times 1';
const KINDS: readonly FlowKind[] = ['input', 'shuffle', 'output', 'migration'];

/** The fabric of a resolved topology spec, for a trace header. */
export function flowTraceFabric(spec: ResolvedTopologySpec): FlowTraceFabric {
  return {
    racks: spec.racks,
    nodesPerRack: spec.nodesPerRack,
    nicBitsPerSecond: spec.nicCapacity,
    rackUplinkBitsPerSecond: spec.rackUplinkCapacity,
    rackDownlinkBitsPerSecond: spec.rackDownlinkCapacity,
  };
}

/** The first lines of a flow trace file: the format line, the column names and the fabric. */
export function flowTraceHeader(fabric: FlowTraceFabric): string {
  const topology = [
    'topology',
    fabric.racks,
    fabric.nodesPerRack,
    fabric.nicBitsPerSecond,
    fabric.rackUplinkBitsPerSecond,
    fabric.rackDownlinkBitsPerSecond,
  ];
  return `${[
    TRACE_MAGIC,
    '# topology\tracks\tnodesPerRack\tnicBitsPerSecond\trackUplinkBitsPerSecond\trackDownlinkBitsPerSecond',
    '# flow\tid\tstart\tsource\tdestination\tbytes\tkind\tjob\ttask\tstatus\tend\tdelivered\tlinks',
    topology.join('\t'),
  ].join('\n')}\n`;
}

/** One `flow` line of a trace (with its newline); numbers print exactly (shortest round-trip form). */
export function flowTraceLine(flow: FlowTraceRecord): string {
  return `flow\t${flow.id}\t${flow.start}\t${flow.source}\t${flow.destination}\t${flow.bytes}\t${flow.kind}\t${flow.job}\t${flow.task}\t${flow.status}\t${flow.end}\t${flow.delivered}\t${flow.links.join(',')}\n`;
}

/** A whole flow trace file. */
export function formatFlowTrace(trace: FlowTrace): string {
  return flowTraceHeader(trace.fabric) + trace.flows.map(flowTraceLine).join('');
}

/** A flow-times file: one line per flow, `id start end delivered`. */
export function formatFlowTimes(times: readonly FlowTime[], comments: readonly string[] = []): string {
  const lines = [TIMES_MAGIC, ...comments.map((c) => `# ${c}`)];
  for (const t of times) lines.push(`${t.id}\t${t.start}\t${t.end}\t${t.delivered}`);
  return `${lines.join('\n')}\n`;
}

/** An error naming the file, line and field of a malformed record. */
function fieldError(
  file: string,
  line: number,
  field: string,
  value: string | undefined,
  want: string,
): Error {
  return new Error(`${file}:${line}: ${field} must be ${want}, got ${JSON.stringify(value ?? '')}`);
}

function numberField(
  file: string,
  line: number,
  field: string,
  text: string | undefined,
  check: (v: number) => boolean,
  want: string,
): number {
  const value = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  if (!check(value)) throw fieldError(file, line, field, text, want);
  return value;
}

const nonNegative = (v: number): boolean => Number.isFinite(v) && v >= 0;
const positive = (v: number): boolean => Number.isFinite(v) && v > 0;
const index = (v: number): boolean => Number.isSafeInteger(v) && v >= 0;
const positiveInteger = (v: number): boolean => Number.isSafeInteger(v) && v > 0;

/**
 * Reads a flow trace file's text. Refuses the whole file — never half of it — at the first
 * malformed line, naming the file, line and field.
 */
export function parseFlowTrace(text: string, file = 'flow trace'): FlowTrace {
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== TRACE_MAGIC) {
    throw new Error(`${file}:1: not a rackwise flow trace (the first line must be "${TRACE_MAGIC}")`);
  }
  let fabric: FlowTraceFabric | undefined;
  const flows: FlowTraceRecord[] = [];
  const ids = new Set<number>();
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!.trimEnd();
    if (raw === '' || raw.startsWith('#')) continue;
    const n = i + 1;
    const f = raw.split('\t');
    if (f[0] === 'topology') {
      if (fabric !== undefined) throw new Error(`${file}:${n}: a second topology line`);
      if (f.length !== 6) throw new Error(`${file}:${n}: a topology line has 6 fields, got ${f.length}`);
      fabric = {
        racks: numberField(file, n, 'racks', f[1], positiveInteger, 'a positive integer'),
        nodesPerRack: numberField(file, n, 'nodesPerRack', f[2], positiveInteger, 'a positive integer'),
        nicBitsPerSecond: numberField(file, n, 'nicBitsPerSecond', f[3], positive, 'a positive number'),
        rackUplinkBitsPerSecond: numberField(
          file,
          n,
          'rackUplinkBitsPerSecond',
          f[4],
          positive,
          'a positive number',
        ),
        rackDownlinkBitsPerSecond: numberField(
          file,
          n,
          'rackDownlinkBitsPerSecond',
          f[5],
          positive,
          'a positive number',
        ),
      };
      continue;
    }
    if (f[0] !== 'flow')
      throw new Error(`${file}:${n}: a line starts with "topology" or "flow", got ${JSON.stringify(f[0])}`);
    if (fabric === undefined) throw new Error(`${file}:${n}: a flow line before the topology line`);
    if (f.length !== 13) throw new Error(`${file}:${n}: a flow line has 13 fields, got ${f.length}`);
    flows.push(parseFlowLine(file, n, f, fabric, ids));
  }
  if (fabric === undefined) throw new Error(`${file}: no topology line`);
  return { fabric, flows };
}

function parseFlowLine(
  file: string,
  n: number,
  f: readonly string[],
  fabric: FlowTraceFabric,
  ids: Set<number>,
): FlowTraceRecord {
  const nodes = fabric.racks * fabric.nodesPerRack;
  const node = (v: number): boolean => index(v) && v < nodes;
  const id = numberField(file, n, 'id', f[1], index, 'an integer >= 0');
  if (ids.has(id)) throw fieldError(file, n, 'id', f[1], 'unique');
  ids.add(id);
  const start = numberField(file, n, 'start', f[2], nonNegative, 'a number of seconds >= 0');
  const source = numberField(file, n, 'source', f[3], node, `a node in [0, ${nodes})`);
  const destination = numberField(file, n, 'destination', f[4], node, `a node in [0, ${nodes})`);
  if (source === destination) throw fieldError(file, n, 'destination', f[4], 'another node than the source');
  const bytes = numberField(file, n, 'bytes', f[5], positive, 'a positive number of bytes');
  const kind = f[6] as FlowKind;
  if (!KINDS.includes(kind)) throw fieldError(file, n, 'kind', f[6], KINDS.join(', '));
  const job = numberField(file, n, 'job', f[7], index, 'an integer >= 0');
  const task = numberField(file, n, 'task', f[8], index, 'an integer >= 0');
  const status = f[9] as FlowStatus;
  if (status !== 'done' && status !== 'cancelled')
    throw fieldError(file, n, 'status', f[9], 'done or cancelled');
  const end = numberField(file, n, 'end', f[10], (v) => Number.isFinite(v) && v >= start, 'a time >= start');
  const delivered = numberField(
    file,
    n,
    'delivered',
    f[11],
    (v) => nonNegative(v) && v <= bytes * (1 + 1e-9) + 1e-3,
    'bytes in [0, bytes]',
  );
  const links = (f[12] ?? '').split(',').map((t) => numberField(file, n, 'links', t, index, 'link indices'));
  const linkCount = 2 * nodes + 2 * fabric.racks;
  if (links.length === 0 || links.length > 4 || links.some((l) => l >= linkCount)) {
    throw fieldError(file, n, 'links', f[12], `1 to 4 link indices below ${linkCount}`);
  }
  return { id, start, source, destination, bytes, kind, job, task, status, end, delivered, links };
}

/** Reads a flow-times file (from a replay or the packet-level harness), refusing a malformed line by file and line. */
export function parseFlowTimes(text: string, file = 'flow times'): FlowTime[] {
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== TIMES_MAGIC) {
    throw new Error(`${file}:1: not a rackwise flow-times file (the first line must be "${TIMES_MAGIC}")`);
  }
  const times: FlowTime[] = [];
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!.trimEnd();
    if (raw === '' || raw.startsWith('#')) continue;
    const n = i + 1;
    const f = raw.split('\t');
    if (f.length !== 4)
      throw new Error(`${file}:${n}: a line has 4 fields (id, start, end, delivered), got ${f.length}`);
    const id = numberField(file, n, 'id', f[0], index, 'an integer >= 0');
    const start = numberField(file, n, 'start', f[1], nonNegative, 'a number of seconds >= 0');
    const end = numberField(file, n, 'end', f[2], (v) => Number.isFinite(v) && v >= start, 'a time >= start');
    const delivered = numberField(file, n, 'delivered', f[3], nonNegative, 'a number of bytes >= 0');
    times.push({ id, start, end, delivered });
  }
  return times;
}
