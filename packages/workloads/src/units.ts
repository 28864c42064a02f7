import type { Bytes } from '@rackwise/types';

/** One mebibyte, 2^20 bytes — what the papers and Hadoop call "MB". */
export const MEBIBYTE: Bytes = 1_048_576;

/** One gibibyte, 2^30 bytes — what the papers and Hadoop call "GB". */
export const GIBIBYTE: Bytes = 1_073_741_824;

/** One tebibyte, 2^40 bytes — what the papers call "TB". */
export const TEBIBYTE: Bytes = 1_099_511_627_776;

/**
 * HDFS block size used when none is given: 128 MB (docs/architecture.md §3 Storage, NAS §IV-A,
 * FCS §5.1).
 */
export const DEFAULT_BLOCK_BYTES: Bytes = 128 * MEBIBYTE;
