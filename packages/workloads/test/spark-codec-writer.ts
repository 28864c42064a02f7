/**
 * Compresses a log the way Spark's codecs frame it (lz4-java's LZ4Block stream,
 * snappy-java's stream, compress-lzf's chunks), with the npm block encoders, so the
 * readers' tests need no Java.
 */
import { compressBlock, compressBound } from 'lz4js';
import { compress as lzfCompress } from 'lzfjs';
import { compress as snappyCompress } from 'snappyjs';

const int32 = (value: number, littleEndian: boolean) => {
  const b = Buffer.alloc(4);
  if (littleEndian) b.writeInt32LE(value);
  else b.writeInt32BE(value);
  return b;
};
const chunks = (data: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

/** lz4-java `LZ4BlockOutputStream` with Spark's 32 KiB blocks, ending with its empty block. */
export function sparkLz4(data: Uint8Array, close = true): Buffer {
  const magic = Buffer.from('LZ4Block');
  const blocks = chunks(data, 32 * 1024).map((block) => {
    const out = new Uint8Array(compressBound(block.length));
    const n = compressBlock(block, out, 0, block.length, new Uint32Array(1 << 16));
    const stored = n === 0 || n >= block.length;
    const body = stored ? block : out.subarray(0, n);
    return Buffer.concat([
      magic,
      Buffer.from([(stored ? 0x10 : 0x20) | 5]),
      int32(body.length, true),
      int32(block.length, true),
      int32(0, true),
      body,
    ]);
  });
  const end = Buffer.concat([magic, Buffer.from([0x10 | 5]), int32(0, true), int32(0, true), int32(0, true)]);
  return Buffer.concat([...blocks, ...(close ? [end] : [])]);
}

/** snappy-java `SnappyOutputStream`: its header, then length-prefixed snappy blocks. */
export function sparkSnappy(data: Uint8Array): Buffer {
  const header = Buffer.from([0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
  const blocks = chunks(data, 32 * 1024).map((block) => {
    const body = snappyCompress(block);
    return Buffer.concat([int32(body.length, false), body]);
  });
  return Buffer.concat([header, ...blocks]);
}

/** compress-lzf `LZFOutputStream`: "ZV" chunks of at most 64 KiB. */
export function sparkLzf(data: Uint8Array): Buffer {
  return Buffer.concat(
    chunks(data, 65_535).map((block) => {
      const body = lzfCompress(block);
      const head = [
        0x5a,
        0x56,
        1,
        body.length >> 8,
        body.length & 0xff,
        block.length >> 8,
        block.length & 0xff,
      ];
      return Buffer.concat([Buffer.from(head), body]);
    }),
  );
}
