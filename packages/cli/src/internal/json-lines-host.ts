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
import { eventWithIds, nodeIdOf, nodeNameOf } from './host-event-names.js';

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

/** A session's host, once the topology is set: its topology, cluster state and policy. */
interface HostSession {
  readonly options: JsonLinesHostOptions;
  topology: HostTopology | undefined;
  state: ClusterState | undefined;
  policy: SchedulerPolicy | undefined;
}

/** Sets the session's topology, builds its cluster state and attaches the policy to it. */
function startSession(session: HostSession, message: TopologyMessage): void {
  const { options } = session;
  const topology = topologyFromLabels(message.nodes, message);
  session.topology = topology;
  const state = createClusterState({
    topology,
    ...(message.mapCompletionThreshold === undefined
      ? {}
      : { mapCompletionThreshold: message.mapCompletionThreshold }),
  });
  session.state = state;
  const policy = options.createPolicy({
    random: createRandomSource(options.seed),
    ...(options.evidence === false ? {} : { recordEvidence: true, evidenceDetail: options.evidence }),
  });
  session.policy = policy;
  state.attach(policy);
}

/** The policy's decision on an `offer` line, the launched task as its job, kind and index. */
function offerReply(session: HostSession, state: ClusterState, policy: SchedulerPolicy, message: Json): Json {
  const decision = state.offer(
    policy,
    nodeIdOf(session.topology, message.node) as never,
    message.kind as SlotKind,
    message.time as number,
  );
  const task =
    decision.type === 'launch'
      ? { job: decision.task.job, kind: decision.task.kind, index: decision.task.index }
      : undefined;
  return { decision: { ...decision, ...(task === undefined ? {} : { task }) } };
}

/** The reply to one JSON object line (without its line number); a refused event throws. */
function messageReply(session: HostSession, message: Json): Json {
  if (message.type === 'topology') {
    if (session.state !== undefined) return { error: 'the topology is already set', field: 'type' };
    startSession(session, message as unknown as TopologyMessage);
    return { ok: true, nodes: session.topology!.nodeCount, racks: session.topology!.rackCount };
  }
  const { state, policy, topology } = session;
  if (state === undefined || policy === undefined) {
    return {
      error: 'the first line must be a topology message: {"type":"topology","nodes":[…]}',
      field: 'type',
    };
  }
  if (message.type === 'offer') return offerReply(session, state, policy, message);
  const kill = state.apply(eventWithIds(topology, message));
  if (kill.length > 0)
    return { kill: kill.map((k) => ({ task: k.task, node: nodeNameOf(topology, k.node) })) };
  if (message.type === 'tick') return { preempt: state.preemptions };
  return { ok: true };
}

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
  const session: HostSession = { options, topology: undefined, state: undefined, policy: undefined };
  if (options.topology !== undefined) startSession(session, options.topology);
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
      return reply(messageReply(session, message));
    } catch (error) {
      if (error instanceof HostEventError) return reply({ error: error.message, field: error.field });
      return reply({ error: (error as Error).message });
    }
  };
}
