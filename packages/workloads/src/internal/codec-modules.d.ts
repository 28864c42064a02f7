// Types of the pure-JavaScript codec packages, which ship none (only what is used).
declare module 'lz4js' {
  /** Decodes a raw LZ4 block into `dst` from `dIndex`; returns the index after the last byte written. */
  export function decompressBlock(
    src: Uint8Array,
    dst: Uint8Array,
    sIndex: number,
    sLength: number,
    dIndex: number,
  ): number;
  /** Encodes `src[sIndex, sIndex + sLength)` as a raw LZ4 block into `dst`; returns its length (0: incompressible). */
  export function compressBlock(
    src: Uint8Array,
    dst: Uint8Array,
    sIndex: number,
    sLength: number,
    hashTable: Uint32Array,
  ): number;
  export function compressBound(n: number): number;
}
declare module 'snappyjs' {
  export function uncompress(compressed: Uint8Array, maxLength?: number): Uint8Array;
  export function compress(uncompressed: Uint8Array): Uint8Array;
}
declare module 'lzfjs' {
  export function decompress(data: Uint8Array): Uint8Array;
  export function compress(data: Uint8Array): Uint8Array;
}
