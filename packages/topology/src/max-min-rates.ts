/**
 * Max-min fair rates by plain water-filling, written to be obviously right rather than
 * fast: O(rounds × (links + incidences)). The test oracle of `createFlowNetwork`.
 *
 * Each round finds the smallest fair share (remaining capacity / unfrozen flows) over all
 * links with unfrozen flows, gives it to every unfrozen flow of every link at that share,
 * and takes it from their links. A flow with no links gets Infinity.
 *
 * @param capacities capacity of each link (any unit; rates come out in the same unit)
 * @param flows the link indices of each flow
 */
export function maxMinRates(
  capacities: ArrayLike<number>,
  flows: readonly (readonly number[])[],
): Float64Array {
  const rates = new Float64Array(flows.length).fill(Number.POSITIVE_INFINITY);
  const remaining = Array.from(capacities);
  const frozen = flows.map((links) => links.length === 0);
  for (;;) {
    const unfrozen = remaining.map(() => 0);
    flows.forEach((links, f) => {
      if (!frozen[f]) for (const l of links) unfrozen[l]!++;
    });
    let share = Number.POSITIVE_INFINITY;
    remaining.forEach((c, l) => {
      if (unfrozen[l]! > 0) share = Math.min(share, Math.max(0, c) / unfrozen[l]!);
    });
    if (share === Number.POSITIVE_INFINITY) return rates;
    const bottleneck = remaining.map((c, l) => unfrozen[l]! > 0 && Math.max(0, c) / unfrozen[l]! === share);
    flows.forEach((links, f) => {
      if (frozen[f] || !links.some((l) => bottleneck[l])) return;
      frozen[f] = true;
      rates[f] = share;
      for (const l of links) remaining[l]! -= share;
    });
  }
}
