import { readFileSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { Decompress as ZstdStream, decompress as zstdDecompress } from 'fzstd';
import {
  DamagedStream,
  type DecodedStream,
  decodeLz4Blocks,
  decodeLzfChunks,
  decodeSnappyStream,
} from './spark-codecs.js';

/**
 * Compression codecs a trace file may carry, by name: every `spark.io.compression.codec`
 * Spark writes event logs in — zstd (`fzstd`), lz4, snappy and lzf in the Java libraries'
 * own stream framings (blocks decoded by `lz4js`, `snappyjs`, `lzfjs`) — and gzip (Rumen
 * histories are often `.json.gz`; Node's zlib).
 */
export const SUPPORTED_CODECS = ['zstd', 'lz4', 'snappy', 'lzf', 'gzip'] as const;
/** Codecs refused by name: none since every codec Spark writes is read. */
export const REFUSED_CODECS = [] as const;

const EXTENSIONS: Readonly<Record<string, string>> = {
  '.zstd': 'zstd',
  '.zst': 'zstd',
  '.gz': 'gzip',
  '.lz4': 'lz4',
  '.lzf': 'lzf',
  '.snappy': 'snappy',
};

/** The codec a file name's extension names, if any (an in-progress log's `.inprogress` aside). */
export function codecOfName(fileName: string): string | undefined {
  const name = fileName.replace(/\.inprogress$/i, '');
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSIONS[name.slice(dot).toLowerCase()];
}

/** The codec a file's first bytes show, if any. */
function codecOfMagic(bytes: Uint8Array): string | undefined {
  const starts = (...magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(0x28, 0xb5, 0x2f, 0xfd)) return 'zstd';
  if (starts(0x1f, 0x8b)) return 'gzip';
  if (starts(0x4c, 0x5a, 0x34, 0x42, 0x6c, 0x6f, 0x63, 0x6b)) return 'lz4'; // "LZ4Block"
  if (starts(0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59)) return 'snappy'; // snappy-java stream
  if (starts(0xff, 0x06, 0x00, 0x00, 0x73, 0x4e, 0x61, 0x50, 0x70, 0x59)) return 'snappy'; // framing format
  if (starts(0x5a, 0x56) && (bytes[2] === 0 || bytes[2] === 1)) return 'lzf'; // "ZV" chunk
  return undefined;
}

/**
 * A trace file's text: decompressed when its name or first bytes say a codec of
 * {@link SUPPORTED_CODECS}, and checked to be UTF-8 text.
 * @throws Error naming the file, line and byte for binary content (a NUL byte or invalid UTF-8); naming the file for a
 * damaged compressed stream or an unreadable file.
 */
export function readTraceText(path: string, fileName: string, where: string): string {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(`${where}: cannot read ${path}: ${(error as Error).message}`);
  }
  return decodeTraceBytes(bytes, fileName);
}

/** {@link readTraceText} on bytes already read. */
export function decodeTraceBytes(bytes: Uint8Array, fileName: string): string {
  return checkedText(decompressed(bytes, fileName, false).bytes, fileName);
}

const FRAMINGS: Readonly<Record<string, (data: Uint8Array) => DecodedStream>> = {
  lz4: decodeLz4Blocks,
  snappy: decodeSnappyStream,
  lzf: decodeLzfChunks,
};

/** The bytes after decompression; with `cutAllowed` a stream cut inside a block keeps what came before. */
function decompressed(bytes: Uint8Array, fileName: string, cutAllowed: boolean): DecodedStream {
  const codec = codecOfMagic(bytes) ?? codecOfName(fileName);
  try {
    const framing = codec === undefined ? undefined : FRAMINGS[codec];
    if (framing !== undefined) {
      const stream = framing(bytes);
      if (!stream.complete && !cutAllowed) throw new DamagedStream('the stream ends inside a block');
      return stream;
    }
    if (codec === 'zstd') {
      try {
        return { bytes: zstdDecompress(bytes), complete: true };
      } catch (error) {
        if (!cutAllowed) throw error;
        return { bytes: zstdPrefix(bytes), complete: false };
      }
    }
    if (codec === 'gzip') {
      try {
        return { bytes: gunzipSync(bytes), complete: true };
      } catch (error) {
        if (!cutAllowed) throw error;
        return { bytes: gunzipPrefix(bytes), complete: false };
      }
    }
  } catch (error) {
    throw new Error(`${fileName}: damaged or truncated ${codec} stream: ${(error as Error).message}`);
  }
  return { bytes, complete: true };
}

/**
 * The text that the first bytes of a trace file hold, decompressed as far as they go
 * (a compressed file's head is not a whole stream): for telling formats apart by content.
 * @throws Error as {@link decodeTraceBytes} for a damaged stream or binary content.
 */
export function decodeTraceHead(head: Uint8Array, fileName: string): string {
  const codec = codecOfMagic(head) ?? codecOfName(fileName);
  let plain: Uint8Array = head;
  if (codec === 'gzip') plain = gunzipPrefix(head);
  else if (codec === 'zstd') plain = zstdPrefix(head);
  else if (codec !== undefined) plain = decompressed(head, fileName, true).bytes;
  const nul = plain.indexOf(0);
  if (nul >= 0) throw binaryError(plain, nul, fileName);
  try {
    // A prefix may end inside a character: stream mode keeps it for later.
    return new TextDecoder('utf-8', { fatal: true }).decode(plain, { stream: true });
  } catch {
    return checkedText(plain, fileName);
  }
}

function gunzipPrefix(head: Uint8Array): Uint8Array {
  try {
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
  } catch {
    return new Uint8Array(0);
  }
}

function zstdPrefix(head: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  try {
    new ZstdStream((data) => parts.push(data)).push(head, false);
  } catch {
    // What decoded before the damage (or the prefix's end) is the head.
  }
  return Buffer.concat(parts);
}

/** UTF-8 text, refusing NUL bytes and invalid sequences with the line and byte offset. */
function checkedText(bytes: Uint8Array, fileName: string): string {
  const nul = bytes.indexOf(0);
  if (nul >= 0) throw binaryError(bytes, nul, fileName);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // The shortest prefix that fails to decode ends at the first bad byte.
    let lo = 1;
    let hi = bytes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (decodes(bytes.subarray(0, mid))) lo = mid + 1;
      else hi = mid;
    }
    throw binaryError(bytes, lo - 1, fileName);
  }
}

function decodes(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function binaryError(bytes: Uint8Array, offset: number, fileName: string): Error {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  const byte = bytes[offset] ?? 0;
  return new Error(
    `${fileName} line ${line}: binary content (byte 0x${byte.toString(16).padStart(2, '0')} at offset ${offset}); expected a text trace (JSON)`,
  );
}
