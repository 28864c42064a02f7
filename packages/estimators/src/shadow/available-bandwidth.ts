import type { BitsPerSecond, Fraction, RackId } from '@rackwise/types';
import { requireFraction, requireInteger, requireNonNegativeOrInfinite } from '../internal/arguments.js';

/** A cross-rack read of a duplicated map's input block: from the replica's rack to the copy's. */
export interface CrossRackTransfer {
  readonly from: RackId;
  readonly to: RackId;
}

/**
 * Shadow §5.2 and Fig. 9: the bandwidth `B_iu` each cross-rack transfer gets when the
 * transfers share the racks' uplinks and downlinks max-min fairly. Repeatedly the most
 * critical link — the one offering the smallest equal share to its unsettled transfers —
 * settles them at that share, and its share is taken off the other link of each.
 *
 * Fig. 9: four transfers into rack 3 share its 1 Gbps downlink at 1/4 Gbps each; then
 * rack 2's uplink has 3/4 Gbps left for its two other transfers, 3/8 Gbps each.
 *
 * A transfer inside one rack (`from === to`) crosses no rack link and gets `Infinity`.
 * Capacities are what is available to these transfers (capacity minus other traffic,
 * see {@link availableBandwidth}); `Infinity` means unconstrained.
 *
 * @returns the rate of each transfer, in bits per second, in input order.
 * @throws Error when a rack index is outside the capacity arrays, the arrays differ in
 *   length, or a capacity is negative or NaN.
 */
export function crossRackTransferRates(
  transfers: readonly CrossRackTransfer[],
  uplinkCapacity: ArrayLike<BitsPerSecond>,
  downlinkCapacity: ArrayLike<BitsPerSecond>,
): BitsPerSecond[] {
  const racks = uplinkCapacity.length;
  if (downlinkCapacity.length !== racks) {
    throw new Error(
      `crossRackTransferRates: downlinkCapacity must have one entry per rack (${racks}), got ${downlinkCapacity.length}`,
    );
  }
  // Links 0..racks-1 are uplinks, racks..2·racks-1 downlinks.
  const remaining = new Float64Array(2 * racks);
  for (let r = 0; r < racks; r += 1) {
    remaining[r] = requireNonNegativeOrInfinite(
      uplinkCapacity[r]!,
      `crossRackTransferRates: uplinkCapacity[${r}]`,
    );
    remaining[racks + r] = requireNonNegativeOrInfinite(
      downlinkCapacity[r]!,
      `crossRackTransferRates: downlinkCapacity[${r}]`,
    );
  }
  const rates = new Array<number>(transfers.length).fill(Number.POSITIVE_INFINITY);
  const unsettled = new Int32Array(2 * racks);
  const onLink: number[][] = Array.from({ length: 2 * racks }, () => []);
  transfers.forEach((transfer, i) => {
    for (const end of ['from', 'to'] as const) {
      requireInteger(transfer[end], `crossRackTransferRates: transfers[${i}].${end}`);
      if (transfer[end] >= racks) {
        throw new Error(`crossRackTransferRates: transfers[${i}].${end} must be a rack in 0..${racks - 1}`);
      }
    }
    if (transfer.from === transfer.to) return;
    for (const link of [transfer.from, racks + transfer.to]) {
      unsettled[link] = unsettled[link]! + 1;
      onLink[link]!.push(i);
    }
  });
  const settled = new Uint8Array(transfers.length);
  for (;;) {
    let critical = -1;
    let share = Number.POSITIVE_INFINITY;
    for (let link = 0; link < 2 * racks; link += 1) {
      if (unsettled[link]! > 0 && (critical < 0 || remaining[link]! / unsettled[link]! < share)) {
        critical = link;
        share = remaining[link]! / unsettled[link]!;
      }
    }
    if (critical < 0) return rates;
    for (const i of onLink[critical]!) {
      if (settled[i] === 1) continue;
      settled[i] = 1;
      rates[i] = share;
      const transfer = transfers[i]!;
      for (const link of [transfer.from, racks + transfer.to]) {
        unsettled[link] = unsettled[link]! - 1;
        if (link !== critical) remaining[link] = Math.max(0, remaining[link]! - share);
      }
    }
    remaining[critical] = 0;
  }
}

/**
 * Bandwidth a link still offers: `capacity × (1 − utilisation)`, e.g. a rack's uplink
 * from `NetworkView.rackUtilisation` — Shadow's `B_i` (Table 1, eq. 12).
 * @throws Error when `capacity` is negative or NaN or `utilisation` is outside [0, 1].
 */
export function availableBandwidth(capacity: BitsPerSecond, utilisation: Fraction): BitsPerSecond {
  requireNonNegativeOrInfinite(capacity, 'availableBandwidth: capacity');
  requireFraction(utilisation, 'availableBandwidth: utilisation');
  return utilisation === 0 ? capacity : capacity * (1 - utilisation);
}
