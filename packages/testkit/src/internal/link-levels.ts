import type { HostEvent } from '@rackwise/host';
import type { BitsPerSecond, Fraction, LinkDirection, NodeId, RackId, Seconds } from '@rackwise/types';

type LinksEvent = Extract<HostEvent, { readonly type: 'links' }>;

/**
 * The link levels a test has set, each kept until set again, and the `links` event that
 * reports them to the host: a rack's utilisation (up and down) or every node's cross-rack
 * rate. The host keeps one sample an instant, so several settings at one time amend it.
 */
export class LinkLevels {
  readonly #rackUp: Float64Array;
  readonly #rackDown: Float64Array;
  readonly #nodeUp: Float64Array;
  readonly #nodeDown: Float64Array;

  constructor(rackCount: number, nodeCount: number) {
    this.#rackUp = new Float64Array(rackCount);
    this.#rackDown = new Float64Array(rackCount);
    this.#nodeUp = new Float64Array(nodeCount);
    this.#nodeDown = new Float64Array(nodeCount);
  }

  /** Every rack idle: the first sample, at the clock's start. */
  idle(time: Seconds): LinksEvent {
    return { type: 'links', time, racks: [], measure: 'utilisation' };
  }

  /** Sets a rack's utilisation in one or both directions; the event reports the rack. */
  rack(time: Seconds, rack: RackId, direction: LinkDirection | 'both', value: Fraction): LinksEvent {
    if (direction !== 'down') this.#rackUp[rack] = value;
    if (direction !== 'up') this.#rackDown[rack] = value;
    const load = { rack, up: this.#rackUp[rack] ?? value, down: this.#rackDown[rack] ?? value };
    return { type: 'links', time, racks: [load], measure: 'utilisation' };
  }

  /** Sets a node's cross-rack rate; the event reports every node (the host replaces them all). */
  node(time: Seconds, node: NodeId, direction: LinkDirection | 'both', value: BitsPerSecond): LinksEvent {
    if (direction !== 'down') this.#nodeUp[node] = value;
    if (direction !== 'up') this.#nodeDown[node] = value;
    const nodes = Array.from(this.#nodeUp, (up, n) => ({
      node: n as NodeId,
      up,
      down: this.#nodeDown[n]!,
    }));
    return { type: 'links', time, racks: [], nodes, measure: 'utilisation' };
  }
}
