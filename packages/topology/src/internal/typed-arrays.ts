/** A copy of `a` lengthened to `n` (new entries 0). */
export function growFloat64(a: Float64Array, n: number): Float64Array {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/** A copy of `a` lengthened to `n` (new entries `fill`). */
export function growInt32(a: Int32Array, n: number, fill = 0): Int32Array {
  const b = new Int32Array(n);
  if (fill !== 0) b.fill(fill, a.length);
  b.set(a);
  return b;
}

/** A copy of `a` lengthened to `n` (new entries 0). */
export function growUint8(a: Uint8Array, n: number): Uint8Array {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}
