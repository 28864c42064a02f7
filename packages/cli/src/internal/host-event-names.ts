import type { HostEvent, HostTopology } from '@rackwise/host';

type Json = Record<string, unknown>;

/** A node by name (or id); an unknown name is left for the state to refuse, naming the field. */
export function nodeIdOf(topology: HostTopology | undefined, value: unknown): unknown {
  return typeof value === 'string' ? (topology?.nodeId(value) ?? value) : value;
}

/** A rack by name (or id); an unknown name is left for the state to refuse. */
function rackIdOf(topology: HostTopology | undefined, value: unknown): unknown {
  if (typeof value !== 'string' || topology === undefined) return value;
  for (let r = 0; r < topology.rackCount; r++) if (topology.rackName(r as never) === value) return r;
  return value;
}

/** A node's name, or its id when the topology has none. */
export function nodeNameOf(topology: HostTopology | undefined, id: number): string {
  return topology?.nodeName(id as never) ?? String(id);
}

/**
 * A host event as a JSON line wrote it, its nodes and racks named, turned into the event
 * `@rackwise/host` takes, with ids: the event's node, a submitted job's replicas, the
 * flows' ends, the racks and nodes listed.
 */
export function eventWithIds(topology: HostTopology | undefined, event: Json): HostEvent {
  const node = (value: unknown): unknown => nodeIdOf(topology, value);
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
  if (Array.isArray(e.racks))
    e.racks = e.racks.map((r: Json) => ({ ...r, rack: rackIdOf(topology, r?.rack) }));
  if (Array.isArray(e.nodes)) e.nodes = e.nodes.map((n: Json) => ({ ...n, node: node(n?.node) }));
  return e as unknown as HostEvent;
}
