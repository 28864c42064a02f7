import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { requireName } from './validate.js';

/** A text file and the base name its error messages use. */
export interface TextFile {
  readonly fileName: string;
  readonly text: string;
}

/**
 * Reads a UTF-8 file.
 * @throws Error naming `where` and the path when the file cannot be read.
 */
export function readTextFile(path: string, where: string): TextFile {
  const fileName = basename(requireName(path, where, 'path'));
  try {
    return { fileName, text: readFileSync(path, 'utf8') };
  } catch (error) {
    throw new Error(`${where}: cannot read ${path}: ${(error as Error).message}`);
  }
}
