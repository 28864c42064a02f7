import type { Bytes, Seconds } from '@rackwise/types';
import type { RecoveryTailParameters } from './internal/recovery-tail-network.js';
import type { StartBurstParameters } from './internal/start-burst-network.js';

/**
 * The figures of the congestion-cost term (see {@link congestionCostFraction}): what a
 * congested drop-tail port costs real TCP. The buffer, segment, RTO and RTT defaults are
 * those of the fabric it was measured on (128 KiB switch ports, 1448-byte payloads,
 * RTO_min 200 ms); `windowSegments` and `roundBytes` were fitted to the Linux kernel's
 * TCP on half of the kernel validation's scenarios (docs/network-validation.md).
 */
export interface CongestionCostParameters {
  /** Switch buffer behind a port, bytes. Default 128 KiB. */
  readonly bufferBytes: Bytes;
  /** TCP payload per segment, bytes. Default 1448 (1500-byte MTU, timestamps on). */
  readonly mssBytes: Bytes;
  /** Minimum retransmission timeout, seconds. Default 0.2 (Linux `TCP_RTO_MIN`). */
  readonly rtoMinSeconds: Seconds;
  /** Round-trip time without queueing, seconds. Default 100 µs. */
  readonly rttSeconds: Seconds;
  /**
   * Segments each flow must have room for in the port (buffer plus pipe) for its losses
   * to be repaired without a timeout. Fitted.
   */
  readonly windowSegments: number;
  /** Bytes each flow moves between two chances of a timeout (one round). Fitted. */
  readonly roundBytes: Bytes;
  /** Segments a new flow sends at once: Linux's initial window, 10 (RFC 6928). */
  readonly initialWindowSegments: number;
}

/** The defaults of {@link CongestionCostParameters}. */
export const CONGESTION_COST_DEFAULTS: CongestionCostParameters = Object.freeze({
  bufferBytes: 128 * 1024,
  mssBytes: 1448,
  rtoMinSeconds: 0.2,
  rttSeconds: 100e-6,
  windowSegments: 3,
  roundBytes: 512 * 1024,
  initialWindowSegments: 10,
});

/**
 * How many flows a port of `capacity` bytes per second holds without timeouts: its
 * buffer plus pipe (`bufferBytes + capacity × rttSeconds`) over `windowSegments` segments
 * per flow. Not rounded: the term rises smoothly past it.
 */
export function timeoutFreeFlows(
  capacity: number,
  parameters: CongestionCostParameters = CONGESTION_COST_DEFAULTS,
): number {
  return (
    (parameters.bufferBytes + capacity * parameters.rttSeconds) /
    (parameters.windowSegments * parameters.mssBytes)
  );
}

/**
 * Goodput of a link crossed by `flows` TCP flows, as a fraction of its capacity: 1 while
 * the port holds every flow's window ({@link timeoutFreeFlows}, `n0`); past it, in each
 * round of `flows × roundBytes ÷ capacity` seconds the flows the port cannot hold — a
 * share `1 − n0 ÷ flows` — cost one RTO_min stall of the link's last byte:
 * `round ÷ (round + (1 − n0 ÷ flows) × RTO_min)`. Unlike the incast model's hard
 * threshold at four segments per flow, the stall grows from the point where a burst of
 * `windowSegments` per flow overflows the port, and a long round (much data per flow)
 * spreads one stall over more bytes. Pure; in (0, 1]; 1 for no flow.
 * @throws Error for a negative or non-finite flow count or a non-positive capacity.
 */
export function congestionCostFraction(
  flows: number,
  capacity: number,
  parameters: CongestionCostParameters = CONGESTION_COST_DEFAULTS,
): number {
  if (!(Number.isFinite(flows) && flows >= 0)) {
    throw new Error(`congestionCostFraction: flows must be a finite number >= 0, got ${flows}`);
  }
  if (!(capacity > 0 && Number.isFinite(capacity))) {
    throw new Error(`congestionCostFraction: capacity must be a positive number of bytes/s, got ${capacity}`);
  }
  const held = timeoutFreeFlows(capacity, parameters);
  if (flows <= held) return 1;
  const round = (flows * parameters.roundBytes) / capacity;
  return round / (round + (1 - held / flows) * parameters.rtoMinSeconds);
}

/**
 * The flow network options of the whole term: the `effectiveCapacity` hook applying
 * {@link congestionCostFraction} to every link (congestion while flows run), and the
 * `startBurst` stall (flows that start together past what a port holds of their initial
 * windows wait one RTO_min: `burstHeldFlows`).
 */
export function congestionCostOptions(parameters: CongestionCostParameters = CONGESTION_COST_DEFAULTS): {
  effectiveCapacity: (link: number, capacity: number, flows: number) => number;
  startBurst: StartBurstParameters;
} {
  const { bufferBytes, mssBytes, rttSeconds, rtoMinSeconds, initialWindowSegments } = parameters;
  return {
    effectiveCapacity: congestionCostCapacity(parameters),
    startBurst: { bufferBytes, mssBytes, rttSeconds, rtoMinSeconds, initialWindowSegments },
  };
}

/**
 * A `FlowNetworkOptions.effectiveCapacity` hook applying {@link congestionCostFraction}
 * to every link.
 */
export function congestionCostCapacity(
  parameters: CongestionCostParameters = CONGESTION_COST_DEFAULTS,
): (link: number, capacity: number, flows: number) => number {
  return (_link, capacity, flows) => capacity * congestionCostFraction(flows, capacity, parameters);
}

/**
 * The figures of the term with its recovery tail (`congestion-tail`): the term's, and the
 * tail's wait in RTO_min and the share of its goodput at which a link counts as saturated.
 */
export interface CongestionTailParameters extends CongestionCostParameters {
  readonly tailRtos: number;
  readonly saturatedShare: number;
}

/**
 * The defaults of {@link CongestionTailParameters}: the term's fixed figures, and
 * `windowSegments` 3, `roundBytes` 2 MiB and `tailRtos` 1 as the second round of the
 * kernel validation fitted the derating-and-recovery-tail form on every Linux Reno point
 * timed before it (validation/kernel/congestion-cost-forms.json).
 */
export const CONGESTION_TAIL_DEFAULTS: CongestionTailParameters = Object.freeze({
  ...CONGESTION_COST_DEFAULTS,
  windowSegments: 3,
  roundBytes: 2 * 1024 * 1024,
  tailRtos: 1,
  saturatedShare: 0.95,
});

/** The term's flow network options ({@link congestionCostOptions}) and its `recoveryTail`. */
export function congestionTailOptions(parameters: CongestionTailParameters = CONGESTION_TAIL_DEFAULTS): {
  effectiveCapacity: (link: number, capacity: number, flows: number) => number;
  startBurst: StartBurstParameters;
  recoveryTail: RecoveryTailParameters;
} {
  const { bufferBytes, mssBytes, rttSeconds, rtoMinSeconds, windowSegments, tailRtos, saturatedShare } =
    parameters;
  return {
    ...congestionCostOptions(parameters),
    recoveryTail: {
      bufferBytes,
      mssBytes,
      rttSeconds,
      rtoMinSeconds,
      windowSegments,
      tailRtos,
      saturatedShare,
    },
  };
}
