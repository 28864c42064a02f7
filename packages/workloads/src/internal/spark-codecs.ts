/// <reference path="./codec-modules.d.ts" />
import { decompressBlock as lz4Block } from 'lz4js';
import { decompress as lzfChunk } from 'lzfjs';
import { uncompress as snappyBlock } from 'snappyjs';

/**
 * Spark's `spark.io.compression.codec` stream framings, around raw blocks that the npm
 * packages `lz4js`, `snappyjs` and `lzfjs` (pure JavaScript) decode:
 *
 * - lz4 (lz4-java `LZ4BlockOutputStream`): blocks of `"LZ4Block"`, a token (method 0x10
 *   stored or 0x20 LZ4, plus level), compressed and original lengths and a checksum (32-bit
 *   little-endian each), then the block; a block of original length 0 ends the stream.
 * - snappy (snappy-java `SnappyOutputStream`): `0x82 "SNAPPY" 0x00`, two 32-bit versions,
 *   then chunks of a 32-bit big-endian length and a raw snappy block. The framing format
 *   (`0xff 0x06 0 0 "sNaPpY"`, chunks of a type byte and a 24-bit little-endian length)
 *   that `SnappyFramedOutputStream` writes is read too.
 * - lzf (compress-lzf `LZFOutputStream`): chunks of `"ZV"`, a type (0 stored, 1 LZF), a
 *   16-bit big-endian length and, when compressed, the original length, then the data.
 *
 * Each decoder returns what the whole blocks hold and whether the stream ended where its
 * framing says it does; a stream cut inside a block (an in-progress log) keeps the blocks
 * before the cut.
 */
export interface DecodedStream {
  readonly bytes: Uint8Array;
  /** False when the data ends inside a block, or a framed stream lacks its end. */
  readonly complete: boolean;
}

/** Thrown for a block whose content is not what its framing says. */
export class DamagedStream extends Error {}

const LZ4_MAGIC = [0x4c, 0x5a, 0x34, 0x42, 0x6c, 0x6f, 0x63, 0x6b];

/** lz4-java's block stream. */
export function decodeLz4Blocks(data: Uint8Array): DecodedStream {
  const parts: Uint8Array[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 0;
  while (at < data.length) {
    if (at + 21 > data.length) return { bytes: join(parts), complete: false };
    if (!LZ4_MAGIC.every((b, i) => data[at + i] === b))
      throw new DamagedStream(`no LZ4Block header at byte ${at}`);
    const method = data[at + 8]! & 0xf0;
    const compressed = view.getInt32(at + 9, true);
    const original = view.getInt32(at + 13, true);
    at += 21;
    if (original === 0) return { bytes: join(parts), complete: true };
    if (compressed < 0 || original < 0 || (method !== 0x10 && method !== 0x20))
      throw new DamagedStream(`a block header at byte ${at - 21} that lz4-java does not write`);
    if (at + compressed > data.length) return { bytes: join(parts), complete: false };
    const block = data.subarray(at, at + compressed);
    if (method === 0x10) parts.push(block);
    else {
      const out = new Uint8Array(original);
      if (lz4Block(block, out, 0, compressed, 0) !== original)
        throw new DamagedStream(`a block at byte ${at} does not decode to its ${original} bytes`);
      parts.push(out);
    }
    at += compressed;
  }
  // Spark ends the stream with an empty block; without it the writer has not closed it.
  return { bytes: join(parts), complete: false };
}

/** snappy-java's stream, or the snappy framing format. */
export function decodeSnappyStream(data: Uint8Array): DecodedStream {
  return data[0] === 0xff ? decodeSnappyFrames(data) : decodeSnappyJava(data);
}

function decodeSnappyJava(data: Uint8Array): DecodedStream {
  const parts: Uint8Array[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 16;
  while (at < data.length) {
    if (at + 4 > data.length) return { bytes: join(parts), complete: false };
    const length = view.getInt32(at, false);
    if (length < 0) throw new DamagedStream(`a chunk of negative length at byte ${at}`);
    if (at + 4 + length > data.length) return { bytes: join(parts), complete: false };
    parts.push(snappy(data.subarray(at + 4, at + 4 + length), at));
    at += 4 + length;
  }
  return { bytes: join(parts), complete: data.length >= 16 };
}

function decodeSnappyFrames(data: Uint8Array): DecodedStream {
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at < data.length) {
    if (at + 4 > data.length) return { bytes: join(parts), complete: false };
    const type = data[at]!;
    const length = data[at + 1]! | (data[at + 2]! << 8) | (data[at + 3]! << 16);
    const body = at + 4;
    if (body + length > data.length) return { bytes: join(parts), complete: false };
    // 0x00 compressed and 0x01 stored chunks start with a 4-byte checksum.
    if (type === 0x00) parts.push(snappy(data.subarray(body + 4, body + length), body));
    else if (type === 0x01) parts.push(data.subarray(body + 4, body + length));
    else if (type < 0x80) throw new DamagedStream(`an unknown chunk type ${type} at byte ${at}`);
    at = body + length;
  }
  return { bytes: join(parts), complete: true };
}

function snappy(block: Uint8Array, at: number): Uint8Array {
  try {
    return snappyBlock(block);
  } catch (error) {
    throw new DamagedStream(`a snappy block at byte ${at}: ${(error as Error).message}`);
  }
}

/** compress-lzf's chunk stream. */
export function decodeLzfChunks(data: Uint8Array): DecodedStream {
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at < data.length) {
    if (at + 5 > data.length) return { bytes: join(parts), complete: false };
    if (data[at] !== 0x5a || data[at + 1] !== 0x56)
      throw new DamagedStream(`no ZV chunk header at byte ${at}`);
    const type = data[at + 2]!;
    const length = (data[at + 3]! << 8) | data[at + 4]!;
    if (type === 0) {
      if (at + 5 + length > data.length) return { bytes: join(parts), complete: false };
      parts.push(data.subarray(at + 5, at + 5 + length));
      at += 5 + length;
    } else if (type === 1) {
      if (at + 7 + length > data.length) return { bytes: join(parts), complete: false };
      const original = (data[at + 5]! << 8) | data[at + 6]!;
      let out: Uint8Array;
      try {
        out = lzfChunk(data.subarray(at + 7, at + 7 + length));
      } catch (error) {
        throw new DamagedStream(`an LZF chunk at byte ${at}: ${(error as Error).message}`);
      }
      if (out.length !== original)
        throw new DamagedStream(`an LZF chunk at byte ${at} decodes to ${out.length} bytes, not ${original}`);
      parts.push(out);
      at += 7 + length;
    } else throw new DamagedStream(`an unknown LZF chunk type ${type} at byte ${at}`);
  }
  return { bytes: join(parts), complete: true };
}

function join(parts: readonly Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
