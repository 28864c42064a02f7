import type { Bytes, Seconds } from '@rackwise/types';

/**
 * The hardware and TCP figures of the incast congestion-loss model (see
 * {@link incastGoodputFraction}). Every default comes from a specification or a
 * commodity part, never from a result to reproduce.
 */
export interface IncastLossParameters {
  /** Switch buffer behind the bottleneck port, bytes. Default 128 KiB (shallow commodity ToR). */
  readonly bufferBytes: Bytes;
  /** TCP maximum segment size, bytes. Default 1460 (1500-byte Ethernet MTU − 40 bytes of headers). */
  readonly mssBytes: Bytes;
  /** Minimum retransmission timeout, seconds. Default 0.2 (Linux `TCP_RTO_MIN`). */
  readonly rtoMinSeconds: Seconds;
  /** Round-trip time without queueing, seconds. Default 100 µs (one datacenter switch hop). */
  readonly rttSeconds: Seconds;
  /** Bytes each flow delivers per synchronised round (the server request unit). Default 256 KiB. */
  readonly roundBytes: Bytes;
  /**
   * Segments a flow needs in flight to recover a loss by fast retransmit: three duplicate
   * ACKs (RFC 5681) plus the lost segment. Default 4.
   */
  readonly fastRetransmitWindow: number;
}

/** The defaults of {@link IncastLossParameters}. */
export const INCAST_LOSS_DEFAULTS: IncastLossParameters = Object.freeze({
  bufferBytes: 128 * 1024,
  mssBytes: 1460,
  rtoMinSeconds: 0.2,
  rttSeconds: 100e-6,
  roundBytes: 256 * 1024,
  fastRetransmitWindow: 4,
});

/**
 * The most flows a link of `capacity` bytes per second carries without timeouts: while
 * every flow can keep `fastRetransmitWindow` segments in the buffer plus the pipe
 * (`bufferBytes + capacity × rttSeconds`), a drop is repaired by fast retransmit;
 * beyond it some flow loses its whole window and waits for a retransmission timeout.
 */
export function lossFreeFlowLimit(
  capacity: number,
  parameters: IncastLossParameters = INCAST_LOSS_DEFAULTS,
): number {
  const room = parameters.bufferBytes + capacity * parameters.rttSeconds;
  return Math.max(1, Math.floor(room / (parameters.fastRetransmitWindow * parameters.mssBytes)));
}

/**
 * Goodput of a link carrying `flows` concurrent TCP flows, as a fraction of its capacity
 * — the round model of TCP incast (Chen et al., "Understanding TCP Incast Throughput
 * Collapse in Datacenter Networks", WREN 2009; Zhang et al., INFOCOM 2011, block-head
 * timeouts): in each synchronised round every flow sends `roundBytes`, which takes
 * `flows × roundBytes / capacity`; when the flows outnumber {@link lossFreeFlowLimit},
 * some flow loses its whole window and the round stalls for one `rtoMinSeconds`. So
 * goodput = transfer / (transfer + timeouts × RTO_min), 1 up to the limit. Beyond it the
 * fraction collapses to a few percent for small rounds and recovers slowly as more
 * flows share the stall, as Chen et al. measured. Pure; 1 for 0 or 1 flow.
 * @throws Error for a negative or non-integer flow count or a non-positive capacity.
 */
export function incastGoodputFraction(
  flows: number,
  capacity: number,
  parameters: IncastLossParameters = INCAST_LOSS_DEFAULTS,
): number {
  if (!(Number.isInteger(flows) && flows >= 0)) {
    throw new Error(`incastGoodputFraction: flows must be an integer >= 0, got ${flows}`);
  }
  if (!(capacity > 0 && Number.isFinite(capacity))) {
    throw new Error(`incastGoodputFraction: capacity must be a positive number of bytes/s, got ${capacity}`);
  }
  if (flows <= lossFreeFlowLimit(capacity, parameters)) return 1;
  const transfer = (flows * parameters.roundBytes) / capacity;
  return transfer / (transfer + parameters.rtoMinSeconds);
}

/**
 * A `FlowNetworkOptions.effectiveCapacity` hook applying {@link incastGoodputFraction}
 * to the links `applies` selects (by default every link).
 */
export function incastEffectiveCapacity(
  parameters: IncastLossParameters = INCAST_LOSS_DEFAULTS,
  applies: (link: number) => boolean = () => true,
): (link: number, capacity: number, flows: number) => number {
  return (link, capacity, flows) =>
    applies(link) ? capacity * incastGoodputFraction(Math.round(flows), capacity, parameters) : capacity;
}
