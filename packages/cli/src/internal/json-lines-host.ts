import {
  type ClusterState,
  type HostEvent,
  HostEventError,
  type HostTopology,
  type LabelTopologyOptions,
  type LabelledNode,
  createClusterState,
  createRandomSource,
  topologyFromLabels,
} from '@rackwise/host';
import type { EvidenceDetail, PolicyContext, SchedulerPolicy, SlotKind } from '@rackwise/types';

/** The topology message: the nodes with their labels and slots, and the link options. */
export interface TopologyMessage extends LabelTopologyOptions {
  readonly type?: 'topology';
  readonly nodes: readonly LabelledNode[];
  /** Slowstart of the state; default 0.05. */
  readonly mapCompletionThreshold?: number;
}

/** How a JSON-lines host session starts. */
export interface JsonLinesHostOptions {
  readonly createPolicy: (context: PolicyContext) => SchedulerPolicy;
  readonly seed: number;
  /** Each decision's evidence, `bounded` or `full` (`PolicyContext.evidenceDetail`), or none. */
  readonly evidence: EvidenceDetail | false;
  /** The topology, when given up front; otherwise the first line must be a `topology` message. */
  readonly topology?: TopologyMessage;
}

type Json = Record<string, unknown>;

/**
 * A host driven by JSON lines (a scheduler not written in JavaScript talks to it over
 * stdin/stdout): each line is one event of `@rackwise/host` — nodes named by the names
 * the topology gave them — or an `offer`, and gets exactly one reply line: `{ line, ok }`,
 * `{ line, decision }` for an offer, `{ line, kill }` when copies of a map are to be
 * killed, `{ line, preempt }` after a `tick`, or `{ line, error, field? }` for a line that
 * was refused (the session goes on).
 */
export function createJsonLinesHost(
  options: JsonLinesHostOptions,
): (line: string, number: number) => string | undefined {
  let state: ClusterState | undefined;
  let topology: HostTopology | undefined;
  let policy: SchedulerPolicy | undefined;
  const start = (message: TopologyMessage): void => {
    topology = topologyFromLabels(message.nodes, message);
    state = createClusterState({
      topology,
      ...(message.mapCompletionThreshold === undefined
        ? {}
        : { mapCompletionThreshold: message.mapCompletionThreshold }),
    });
    policy = options.createPolicy({
      random: createRandomSource(options.seed),
      ...(options.evidence === false ? {} : { recordEvidence: true, evidenceDetail: options.evidence }),
    });
    state.attach(policy);
  };
  if (options.topology !== undefined) start(options.topology);

  /** A node by name (or id); an unknown name is left for the state to refuse, naming the field. */
  const node = (value: unknown): unknown =>
    typeof value === 'string' ? (topology?.nodeId(value) ?? value) : value;
  const rack = (value: unknown): unknown => {
    if (typeof value !== 'string' || topology === undefined) return value;
    for (let r = 0; r < topology.rackCount; r++) if (topology.rackName(r as never) === value) return r;
    return value;
  };
  const nodeName = (id: number): string => topology?.nodeName(id as never) ?? String(id);

  const translate = (event: Json): HostEvent => {
    const e: Json = { ...event };
    if ('node' in e) e.node = node(e.node);
    if (e.type === 'submit' && e.job !== null && typeof e.job === 'object') {
      const job = e.job as Json;
      if (Array.isArray(job.maps)) {
        e.job = {
          ...job,
          maps: job.maps.map((m: Json) =>
            m !== null && typeof m === 'object' && Array.isArray(m.replicas)
              ? { ...m, replicas: m.replicas.map(node) }
              : m,
          ),
        };
      }
    }
    if (Array.isArray(e.flows))
      e.flows = e.flows.map((f: Json) => ({ ...f, from: node(f?.from), to: node(f?.to) }));
    if (Array.isArray(e.racks)) e.racks = e.racks.map((r: Json) => ({ ...r, rack: rack(r?.rack) }));
    if (Array.isArray(e.nodes)) e.nodes = e.nodes.map((n: Json) => ({ ...n, node: node(n?.node) }));
    return e as unknown as HostEvent;
  };

  return (text, line) => {
    if (text.trim() === '') return undefined;
    const reply = (body: Json) => JSON.stringify({ line, ...body });
    let message: Json;
    try {
      message = JSON.parse(text) as Json;
      if (message === null || typeof message !== 'object' || Array.isArray(message))
        throw new Error('a line must be a JSON object');
    } catch (error) {
      return reply({ error: `line ${line} is not a JSON object: ${(error as Error).message}` });
    }
    try {
      if (message.type === 'topology') {
        if (state !== undefined) return reply({ error: 'the topology is already set', field: 'type' });
        start(message as unknown as TopologyMessage);
        return reply({ ok: true, nodes: topology!.nodeCount, racks: topology!.rackCount });
      }
      if (state === undefined || policy === undefined) {
        return reply({
          error: 'the first line must be a topology message: {"type":"topology","nodes":[…]}',
          field: 'type',
        });
      }
      if (message.type === 'offer') {
        const decision = state.offer(
          policy,
          node(message.node) as never,
          message.kind as SlotKind,
          message.time as number,
        );
        const task =
          decision.type === 'launch'
            ? { job: decision.task.job, kind: decision.task.kind, index: decision.task.index }
            : undefined;
        return reply({ decision: { ...decision, ...(task === undefined ? {} : { task }) } });
      }
      const kill = state.apply(translate(message));
      if (kill.length > 0)
        return reply({ kill: kill.map((k) => ({ task: k.task, node: nodeName(k.node) })) });
      if (message.type === 'tick') return reply({ preempt: state.preemptions });
      return reply({ ok: true });
    } catch (error) {
      if (error instanceof HostEventError) return reply({ error: error.message, field: error.field });
      return reply({ error: (error as Error).message });
    }
  };
}
