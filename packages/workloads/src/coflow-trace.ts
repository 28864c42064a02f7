import type { Bytes, RackId, Seconds } from '@rackwise/types';
import { contentLines, fieldError, lineError, parseCount, parseDecimal } from './internal/line-error.js';
import { readTextFile } from './internal/read-text.js';
import { stableSortBy } from './internal/stable-sort.js';
import { requireName } from './internal/validate.js';
import { MEBIBYTE } from './units.js';

/** One rack-level reducer of a coflow: where it runs and how much it fetches. */
export interface CoflowReducerSpec {
  readonly rack: RackId;
  /** Shuffle bytes this reducer receives (the trace's megabytes × 2^20, rounded). */
  readonly shuffleBytes: Bytes;
}

/** One coflow of a coflow-benchmark trace: a shuffle between rack-level mappers and reducers. */
export interface CoflowSpec {
  /** Coflow id as written in the trace. */
  readonly id: string;
  /** Arrival time: the trace's milliseconds / 1000. */
  readonly arrivalTime: Seconds;
  /** Racks holding a (rack-level) mapper, distinct, in trace order. */
  readonly mapperRacks: readonly RackId[];
  /** Rack-level reducers, distinct racks, in trace order. */
  readonly reducers: readonly CoflowReducerSpec[];
  /** Sum of the reducers' shuffle bytes. */
  readonly totalShuffleBytes: Bytes;
}

/** A whole coflow-benchmark trace. */
export interface CoflowTrace {
  /** Where it came from (the file name). */
  readonly name: string;
  /** Ports (racks) of the fabric, from line 1; racks are 0 … rackCount − 1. */
  readonly rackCount: number;
  /** Coflows by arrival time (ties in trace order). */
  readonly coflows: readonly CoflowSpec[];
}

class Tokens {
  #next = 0;
  constructor(
    readonly file: string,
    readonly line: number,
    readonly tokens: readonly string[],
  ) {}
  take(field: string, expected: string): string {
    const token = this.tokens[this.#next];
    if (token === undefined)
      throw lineError(this.file, this.line, `field "${field}" is missing; expected ${expected}`);
    this.#next += 1;
    return token;
  }
  finish(): void {
    if (this.#next < this.tokens.length) {
      throw lineError(
        this.file,
        this.line,
        `${this.tokens.length - this.#next} unexpected field(s) after the last reducer, starting with ${JSON.stringify(this.tokens[this.#next])}`,
      );
    }
  }
}

function parseRack(tokens: Tokens, field: string, raw: string, rackCount: number): RackId {
  const rack = parseCount(tokens.file, tokens.line, field, raw, `a rack id in 0…${rackCount - 1}`);
  if (rack >= rackCount)
    throw fieldError(tokens.file, tokens.line, field, `a rack id in 0…${rackCount - 1}`, raw);
  return rack as RackId;
}

function parseCoflowLine(tokens: Tokens, rackCount: number): CoflowSpec {
  const { file, line } = tokens;
  const id = tokens.take('coflow id', 'a coflow id');
  const arrivalMs = parseDecimal(file, line, 'arrival time', tokens.take('arrival time', 'milliseconds'));
  const mapperCount = parseCount(
    file,
    line,
    'number of mappers',
    tokens.take('number of mappers', 'a count'),
  );
  if (mapperCount < 1) throw fieldError(file, line, 'number of mappers', 'at least 1', String(mapperCount));
  const mapperRacks: RackId[] = [];
  for (let m = 1; m <= mapperCount; m++) {
    const field = `mapper ${m} rack`;
    const raw = tokens.take(field, `${mapperCount} mapper racks`);
    const rack = parseRack(tokens, field, raw, rackCount);
    if (mapperRacks.includes(rack))
      throw fieldError(file, line, field, 'a rack not listed before in this coflow', raw);
    mapperRacks.push(rack);
  }
  const reducerCount = parseCount(
    file,
    line,
    'number of reducers',
    tokens.take('number of reducers', 'a count'),
  );
  if (reducerCount < 1)
    throw fieldError(file, line, 'number of reducers', 'at least 1', String(reducerCount));
  const reducers: CoflowReducerSpec[] = [];
  let totalShuffleBytes = 0;
  for (let r = 1; r <= reducerCount; r++) {
    const field = `reducer ${r}`;
    const raw = tokens.take(field, `${reducerCount} <rack>:<shuffle MB> entries`);
    const colon = raw.indexOf(':');
    if (colon < 0) throw fieldError(file, line, field, '<rack>:<shuffle MB>', raw);
    const rack = parseRack(tokens, `${field} rack`, raw.slice(0, colon), rackCount);
    if (reducers.some((reducer) => reducer.rack === rack)) {
      throw fieldError(file, line, `${field} rack`, 'a rack not listed before in this coflow', raw);
    }
    const megabytes = parseDecimal(file, line, `${field} shuffle MB`, raw.slice(colon + 1));
    const shuffleBytes = Math.round(megabytes * MEBIBYTE);
    totalShuffleBytes += shuffleBytes;
    reducers.push(Object.freeze({ rack, shuffleBytes }));
  }
  tokens.finish();
  return Object.freeze({
    id,
    arrivalTime: arrivalMs / 1000,
    mapperRacks: Object.freeze(mapperRacks),
    reducers: Object.freeze(reducers),
    totalShuffleBytes,
  });
}

/**
 * Parses a coflow-benchmark trace (github.com/coflow/coflow-benchmark, e.g.
 * `FB2010-1Hr-150-0.txt`): line 1 `<ports> <coflows>`, then one coflow per line,
 * whitespace-separated: `<id> <arrival ms> <#mappers> <mapper rack>… <#reducers>
 * <rack:MB>…`. Racks are 0-based ports; MB is read as 2^20 bytes, as CoflowSim does.
 * Blank lines are skipped.
 *
 * @throws Error naming the file, line and field of the first malformed value: a bad
 * header, a count that does not match the lines, a missing or extra field, a
 * non-numeric or negative value, a rack outside 0 … ports − 1 or listed twice in one
 * coflow, no mapper or no reducer, a duplicate coflow id, an empty file.
 */
export function parseCoflowTrace(text: string, fileName: string): CoflowTrace {
  requireName(fileName, 'parseCoflowTrace', 'fileName');
  if (typeof text !== 'string') throw new Error(`parseCoflowTrace: text of ${fileName} must be a string`);
  const lines = contentLines(text);
  const header = lines[0];
  if (header === undefined) throw lineError(fileName, 1, 'expected "<ports> <coflows>", got an empty file');
  const headerTokens = header.text.trim().split(/\s+/);
  if (headerTokens.length !== 2) {
    throw lineError(
      fileName,
      header.line,
      `expected "<ports> <coflows>" (2 fields), got ${headerTokens.length} fields`,
    );
  }
  const rackCount = parseCount(fileName, header.line, 'ports', headerTokens[0] as string, 'an integer >= 1');
  if (rackCount < 1)
    throw fieldError(fileName, header.line, 'ports', 'an integer >= 1', headerTokens[0] as string);
  const coflowCount = parseCount(fileName, header.line, 'coflows', headerTokens[1] as string);
  const body = lines.slice(1);
  if (body.length !== coflowCount) {
    const where = body.length > coflowCount ? (body[coflowCount]?.line ?? header.line) : header.line;
    throw lineError(
      fileName,
      where,
      `line 1 announces ${coflowCount} coflows but the file has ${body.length} coflow line(s)`,
    );
  }
  const coflows: CoflowSpec[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { text: content, line } of body) {
    const coflow = parseCoflowLine(new Tokens(fileName, line, content.trim().split(/\s+/)), rackCount);
    const seen = firstLineOf.get(coflow.id);
    if (seen !== undefined) {
      throw fieldError(fileName, line, 'coflow id', `an id not used before (line ${seen} has it)`, coflow.id);
    }
    firstLineOf.set(coflow.id, line);
    coflows.push(coflow);
  }
  const ordered = stableSortBy(coflows, (coflow) => coflow.arrivalTime);
  return Object.freeze({ name: fileName, rackCount, coflows: Object.freeze(ordered) });
}

/**
 * Reads and parses a coflow-benchmark trace file ({@link parseCoflowTrace}); messages
 * name the file by its base name.
 * @throws Error when the file cannot be read, or as {@link parseCoflowTrace}.
 */
export function readCoflowTrace(path: string): CoflowTrace {
  const { fileName, text } = readTextFile(path, 'readCoflowTrace');
  return parseCoflowTrace(text, fileName);
}
