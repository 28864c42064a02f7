/** A copy of `a` in a larger array of `size` elements. */
export function growInt32(a: Int32Array, size: number): Int32Array {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** A copy of `a` in a larger array of `size` elements. */
export function growUint8(a: Uint8Array, size: number): Uint8Array {
  const b = new Uint8Array(size);
  b.set(a);
  return b;
}

/** A copy of `a` in a larger array of `size` elements. */
export function growFloat64(a: Float64Array, size: number): Float64Array {
  const b = new Float64Array(size);
  b.set(a);
  return b;
}

/** Something kept in a dense list under its integer index. */
export interface Indexed {
  readonly index: number;
}

/** Appends `item` to a dense list, recording its position. */
export function appendIndexed<T extends Indexed>(list: T[], positions: Int32Array, item: T): void {
  positions[item.index] = list.length;
  list.push(item);
}

/** Removes the item of `index` from a dense list in O(1) by moving the last item into its place. */
export function removeIndexed<T extends Indexed>(list: T[], positions: Int32Array, index: number): void {
  const p = positions[index]!;
  const last = list.pop()!;
  if (last.index !== index) {
    list[p] = last;
    positions[last.index] = p;
  }
  positions[index] = -1;
}
