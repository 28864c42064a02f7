import type { HostEvent } from '../host-events.js';
import type { HostState } from './host-state.js';
import { checkBytes, checkNode, refuse } from './validate-event.js';

/** Checks a `links` event whole, then records its rack (and node) loads at `time`. */
export function recordLinks(
  state: HostState,
  event: Extract<HostEvent, { readonly type: 'links' }>,
  time: number,
): void {
  const rates = (event.measure ?? 'rate') === 'rate';
  if (event.measure !== undefined && event.measure !== 'rate' && event.measure !== 'utilisation') {
    refuse(event, 'measure', `must be 'rate' or 'utilisation', got ${String(event.measure)}`);
  }
  if (!Array.isArray(event.racks)) refuse(event, 'racks', 'must be an array of { rack, up, down }');
  event.racks.forEach((load, i) => {
    const rack = load?.rack;
    if (!(Number.isInteger(rack) && rack >= 0 && rack < state.topology.rackCount)) {
      refuse(event, `racks[${i}].rack`, `is not a known rack: ${String(rack)}`);
    }
    for (const d of ['up', 'down'] as const) {
      const v = checkBytes(event, `racks[${i}].${d}`, load[d]);
      if (!rates && v > 1) refuse(event, `racks[${i}].${d}`, `must be a utilisation in [0, 1], got ${v}`);
    }
  });
  if (event.nodes !== undefined) {
    if (!Array.isArray(event.nodes)) refuse(event, 'nodes', 'must be an array of { node, up, down }');
    event.nodes.forEach((load, i) => {
      checkNode(event, `nodes[${i}].node`, load?.node, state.topology);
      checkBytes(event, `nodes[${i}].up`, load.up);
      checkBytes(event, `nodes[${i}].down`, load.down);
    });
  }
  state.now = time;
  state.samples.record(time, event.racks, event.nodes, rates);
}

/** Checks a `flows` event whole, then records the flows running at `time`. */
export function recordFlows(
  state: HostState,
  event: Extract<HostEvent, { readonly type: 'flows' }>,
  time: number,
): void {
  if (!Array.isArray(event.flows)) refuse(event, 'flows', 'must be an array of { from, to }');
  event.flows.forEach((flow, i) => {
    const from = checkNode(event, `flows[${i}].from`, flow?.from, state.topology);
    const to = checkNode(event, `flows[${i}].to`, flow.to, state.topology);
    if (from === to) refuse(event, `flows[${i}].to`, `is the same node as from (${from})`);
  });
  state.now = time;
  state.samples.recordFlows(time, event.flows);
}
