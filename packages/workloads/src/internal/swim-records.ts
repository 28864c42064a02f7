import type { Bytes, Seconds } from '@rackwise/types';
import { contentLines, fieldError, lineError, parseCount, parseDecimal } from './line-error.js';

/** One job line of a SWIM trace, as written. */
export interface SwimRecord {
  readonly name: string;
  /** 1-based line in the file. */
  readonly line: number;
  readonly submitTime: Seconds;
  readonly gap: Seconds;
  readonly inputBytes: Bytes;
  readonly shuffleBytes: Bytes;
  readonly outputBytes: Bytes;
}

/** Field names as error messages spell them, in file order. */
export const SWIM_FIELDS = [
  'job id',
  'submit time',
  'gap',
  'map input bytes',
  'shuffle bytes',
  'reduce output bytes',
] as const;

/**
 * Parses every line of a SWIM trace or throws on the first bad one: 6 tab-separated
 * fields (7 with FB-2010's anonymised input path, which is ignored), times ≥ 0 and
 * non-decreasing, sizes non-negative integers, job ids unique, at least one job.
 */
export function parseSwimRecords(text: string, file: string): SwimRecord[] {
  const lines = contentLines(text);
  if (lines.length === 0) {
    throw lineError(file, 1, 'expected a job record (6 tab-separated fields), got an empty file');
  }
  const records: SwimRecord[] = [];
  const firstLineOf = new Map<string, number>();
  let previous: SwimRecord | undefined;
  for (const { text: content, line } of lines) {
    const fields = content.split('\t');
    if (fields.length !== 6 && fields.length !== 7) {
      throw lineError(
        file,
        line,
        `expected 6 tab-separated fields (${SWIM_FIELDS.join(', ')}) or 7 with the input path, got ${fields.length}`,
      );
    }
    const [name, submit, gap, input, shuffle, output] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (name.length === 0 || /\s/.test(name)) {
      throw fieldError(file, line, 'job id', 'a non-empty id without spaces', name);
    }
    const seen = firstLineOf.get(name);
    if (seen !== undefined)
      throw fieldError(file, line, 'job id', `an id not used before (line ${seen} has it)`, name);
    firstLineOf.set(name, line);
    const submitTime = parseDecimal(file, line, 'submit time', submit);
    if (previous !== undefined && submitTime < previous.submitTime) {
      throw fieldError(
        file,
        line,
        'submit time',
        `a time >= ${previous.submitTime} (the submit time on line ${previous.line}; times must not go backwards)`,
        submit,
      );
    }
    const record: SwimRecord = {
      name,
      line,
      submitTime,
      gap: parseDecimal(file, line, 'gap', gap),
      inputBytes: parseCount(file, line, 'map input bytes', input),
      shuffleBytes: parseCount(file, line, 'shuffle bytes', shuffle),
      outputBytes: parseCount(file, line, 'reduce output bytes', output),
    };
    records.push(record);
    previous = record;
  }
  return records;
}
