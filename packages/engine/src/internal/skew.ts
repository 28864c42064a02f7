/**
 * Skew of one job's shuffle (Shadow eq. 10, measured in bytes): the largest load on any
 * rack link its shuffle used, up or down, over the smallest such load —
 * `max_d max(C_d^up, C_d^down) / min_d min(C_d^up, C_d^down)` where C_d^up (eq. 6) and
 * C_d^down (eq. 7) are the shuffle bytes that crossed rack d's uplink and downlink, and
 * only links in use (load > 0) take part, as in Shadow Fig. 5. At least 1; NaN when the
 * shuffle crossed no rack link.
 */
export function jobSkew(up: Float64Array, down: Float64Array): number {
  let max = 0;
  let min = Number.POSITIVE_INFINITY;
  for (let d = 0; d < up.length; d++) {
    const u = up[d]!;
    const w = down[d]!;
    if (u > 0) {
      if (u > max) max = u;
      if (u < min) min = u;
    }
    if (w > 0) {
      if (w > max) max = w;
      if (w < min) min = w;
    }
  }
  return max > 0 ? max / min : Number.NaN;
}
