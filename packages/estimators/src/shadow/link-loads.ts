import { requirePerRack } from '../internal/arguments.js';

/**
 * Shuffle load on each rack's cross-rack links: `up[j]` leaves rack j, `down[j]` enters
 * it. Units are those of the map output given (bytes, or map→reduce transfers).
 */
export interface RackLinkLoads {
  readonly up: readonly number[];
  readonly down: readonly number[];
}

/** The most and least loaded links in use (Shadow eqs. 8–9). */
export interface LinkLoadExtremes {
  /** `load_max`, eq. 8. */
  readonly max: number;
  /** `load_min`, eq. 9, over links in use (load > 0). */
  readonly min: number;
}

/**
 * Shadow eqs. 6–7: the shuffle load on rack j's uplink and downlink when every reduce
 * fetches an equal share of every map's output.
 *
 * `C_up[j] = O_j · (t − h_j) / t` and `C_down[j] = (O − O_j) · h_j / t`, where `O_j` is
 * the map output in rack j (`mapOutputPerRack[j]` = Σ_i o_i x_ij), `O` its sum over racks,
 * `h_j = reducersPerRack[j]` and `t` the job's reduce count (Σ h_j).
 * With no reduces (`t = 0`) nothing is shuffled and every load is 0.
 *
 * @throws Error when the arrays differ in length, a value is negative or not finite, or a
 *   reducer count is not an integer.
 */
export function shuffleLinkLoads(
  mapOutputPerRack: ArrayLike<number>,
  reducersPerRack: ArrayLike<number>,
): RackLinkLoads {
  const output = requirePerRack(mapOutputPerRack, 'shuffleLinkLoads: mapOutputPerRack');
  const reducers = requirePerRack(reducersPerRack, 'shuffleLinkLoads: reducersPerRack', {
    integer: true,
    length: output.length,
  });
  const total = output.reduce((sum, o) => sum + o, 0);
  const t = reducers.reduce((sum, h) => sum + h, 0);
  if (t === 0) return { up: output.map(() => 0), down: output.map(() => 0) };
  return {
    up: output.map((o, j) => (o * (t - reducers[j]!)) / t),
    down: output.map((o, j) => ((total - o) * reducers[j]!) / t),
  };
}

/**
 * Shadow §4.2, the task-count form of eq. 10: map→reduce transfers crossing each link
 * when map outputs are taken equal — `up[j] = l_j · (t − h_j)` and
 * `down[j] = h_j · (s − l_j)`, with `l_j = mapsPerRack[j]`, `s = Σ l_j`,
 * `h_j = reducersPerRack[j]`, `t = Σ h_j`. This is `t ×` eqs. 6–7 with unit outputs, so
 * its Skew is the same; it counts transfers as the paper's Figs. 5 and 6 do.
 *
 * @throws Error when the arrays differ in length or hold anything but integers ≥ 0.
 */
export function shuffleTransferCounts(
  mapsPerRack: ArrayLike<number>,
  reducersPerRack: ArrayLike<number>,
): RackLinkLoads {
  const maps = requirePerRack(mapsPerRack, 'shuffleTransferCounts: mapsPerRack', { integer: true });
  const reducers = requirePerRack(reducersPerRack, 'shuffleTransferCounts: reducersPerRack', {
    integer: true,
    length: maps.length,
  });
  const s = maps.reduce((sum, l) => sum + l, 0);
  const t = reducers.reduce((sum, h) => sum + h, 0);
  return {
    up: maps.map((l, j) => l * (t - reducers[j]!)),
    down: maps.map((l, j) => reducers[j]! * (s - l)),
  };
}

/**
 * Shadow eqs. 8–9: the heaviest and the lightest link load, taken over the links *in use*
 * (load > 0), as the paper does in Fig. 5 ("we only consider the links in use").
 * `undefined` when no link carries load (no reduces, or all map output and all reduces
 * in one rack).
 */
export function linkLoadExtremes(loads: RackLinkLoads): LinkLoadExtremes | undefined {
  let max = 0;
  let min = Number.POSITIVE_INFINITY;
  for (const side of [loads.up, loads.down]) {
    for (const load of side) {
      if (load > 0) {
        if (load > max) max = load;
        if (load < min) min = load;
      }
    }
  }
  return max > 0 ? { max, min } : undefined;
}

/**
 * Shadow eq. 10 (Definition 1): `Skew = load_max / load_min` over the links in use.
 * Always ≥ 1 when defined; 1 when every link in use carries the same load.
 * `undefined` when no link is in use (see {@link linkLoadExtremes}).
 */
export function linkSkew(loads: RackLinkLoads): number | undefined {
  const extremes = linkLoadExtremes(loads);
  return extremes === undefined ? undefined : extremes.max / extremes.min;
}

/**
 * Skew by bytes: eq. 10 over the loads of eqs. 6–7 from per-rack map output bytes and
 * per-rack reduce counts. `undefined` when no link is in use.
 */
export function shuffleSkew(
  mapOutputPerRack: ArrayLike<number>,
  reducersPerRack: ArrayLike<number>,
): number | undefined {
  return linkSkew(shuffleLinkLoads(mapOutputPerRack, reducersPerRack));
}

/**
 * Skew by task counts: eq. 10 in the count form of §4.2 (map outputs taken equal), from
 * per-rack map and reduce counts. `undefined` when no link is in use.
 */
export function taskCountSkew(
  mapsPerRack: ArrayLike<number>,
  reducersPerRack: ArrayLike<number>,
): number | undefined {
  return linkSkew(shuffleTransferCounts(mapsPerRack, reducersPerRack));
}
