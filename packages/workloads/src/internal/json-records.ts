import { jsonFaultOffset } from './json-fault.js';
import { isJsonObject } from './json-fields.js';

/** One top-level JSON object of a file holding several, with where it starts. */
export interface JsonRecord {
  /** 1-based record number and the line it starts on. */
  readonly record: number;
  readonly line: number;
  readonly value: Record<string, unknown>;
}

/**
 * Splits text holding a sequence of JSON objects (pretty-printed or not, as Rumen writes
 * them) into parsed objects.
 * @throws Error naming the file, record and line of text outside an object, a record
 * the file ends inside (truncated), or a record that is not valid JSON.
 */
export function jsonRecords(text: string, fileName: string): JsonRecord[] {
  const records: JsonRecord[] = [];
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
      continue;
    }
    const number = records.length + 1;
    if (c !== '{') {
      throw new Error(
        `${fileName} record ${number} (line ${line}): expected a JSON object starting with "{", got ${JSON.stringify(text.slice(i, i + 20))}`,
      );
    }
    const startLine = line;
    const end = objectEnd(text, i);
    if (end < 0) {
      throw new Error(
        `${fileName} record ${number} (line ${startLine}): the file ends inside this record (truncated?)`,
      );
    }
    const body = text.slice(i, end);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (error) {
      const message = (error as Error).message;
      const at = jsonFaultOffset(body);
      const where = at < 0 ? startLine : startLine + countNewlines(body, at);
      throw new Error(`${fileName} record ${number} (line ${where}): not valid JSON: ${message}`);
    }
    if (!isJsonObject(value))
      throw new Error(`${fileName} record ${number} (line ${startLine}): expected a JSON object`);
    records.push({ record: number, line: startLine, value });
    line += countNewlines(body, body.length);
    i = end;
  }
  return records;
}

/** Index just past the object starting at `start`, or −1 when the text ends first. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end && i < text.length; i++) if (text.charCodeAt(i) === 0x0a) n++;
  return n;
}
