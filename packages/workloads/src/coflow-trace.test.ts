import { describe, expect, it } from 'vitest';
import { parseCoflowTrace, readCoflowTrace } from './coflow-trace.js';
import { MEBIBYTE } from './units.js';

const FILE = 'FB2010-test.txt';

/** The first coflows of coflow-benchmark's FB2010-1Hr-150-0.txt, header adjusted to 5 of them. */
const TRACE = [
  '150 5',
  '1 0 1 22 1 65:1.0',
  '2 10833 2 104 132 1 140:48.0',
  '3 13122 2 66 138 1 38:4.0',
  '5 22263 1 64 3 1:1.0 2:1.5 3:1.0',
  '4 15531 3 0 2 4 2 0:648.0 1:972.0',
].join('\n');

const parse = (text: string) => parseCoflowTrace(text, FILE);

/** Replaces line `n` (1-based) of TRACE. */
function withLine(n: number, content: string): string {
  const lines = TRACE.split('\n');
  lines[n - 1] = content;
  return lines.join('\n');
}

describe('parseCoflowTrace', () => {
  const trace = parse(TRACE);

  it('reads the header and every coflow, sorted by arrival', () => {
    expect(trace.name).toBe(FILE);
    expect(trace.rackCount).toBe(150);
    expect(trace.coflows.map((c) => c.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('types each coflow: arrival in seconds, mapper racks, reducers with bytes', () => {
    expect(trace.coflows[1]).toEqual({
      id: '2',
      arrivalTime: 10.833,
      mapperRacks: [104, 132],
      reducers: [{ rack: 140, shuffleBytes: 48 * MEBIBYTE }],
      totalShuffleBytes: 48 * MEBIBYTE,
    });
    expect(trace.coflows[4]?.reducers.map((r) => r.shuffleBytes)).toEqual([
      MEBIBYTE,
      1.5 * MEBIBYTE,
      MEBIBYTE,
    ]);
    expect(trace.coflows[3]?.totalShuffleBytes).toBe(1620 * MEBIBYTE);
  });

  it('accepts CRLF, tabs and blank lines', () => {
    expect(parse(TRACE.replaceAll('\n', '\r\n\r\n').replaceAll(' ', '\t')).coflows).toHaveLength(5);
  });

  describe('names file, line and field of malformed input', () => {
    it('rejects an empty file', () => {
      expect(() => parse('')).toThrow(
        'FB2010-test.txt line 1: expected "<ports> <coflows>", got an empty file',
      );
    });

    it('rejects a malformed header', () => {
      expect(() => parse(withLine(1, '150'))).toThrow(
        'FB2010-test.txt line 1: expected "<ports> <coflows>" (2 fields), got 1 fields',
      );
      expect(() => parse(withLine(1, '0 5'))).toThrow(
        'FB2010-test.txt line 1, field "ports": expected an integer >= 1, got "0"',
      );
      expect(() => parse(withLine(1, '150 five'))).toThrow(
        'FB2010-test.txt line 1, field "coflows": expected a non-negative integer, got "five"',
      );
    });

    it('rejects a coflow count that does not match the lines', () => {
      expect(() => parse(withLine(1, '150 6'))).toThrow(
        'FB2010-test.txt line 1: line 1 announces 6 coflows but the file has 5 coflow line(s)',
      );
      expect(() => parse(withLine(1, '150 4'))).toThrow('FB2010-test.txt line 6: line 1 announces 4 coflows');
    });

    it('rejects a non-numeric or negative value', () => {
      expect(() => parse(withLine(3, '2 soon 2 104 132 1 140:48.0'))).toThrow(
        'FB2010-test.txt line 3, field "arrival time": expected a non-negative number, got "soon"',
      );
      expect(() => parse(withLine(3, '2 10833 2 104 132 1 140:-48.0'))).toThrow(
        'FB2010-test.txt line 3, field "reducer 1 shuffle MB": expected a non-negative number, got "-48.0"',
      );
    });

    it('rejects a rack outside the fabric', () => {
      expect(() => parse(withLine(2, '1 0 1 150 1 65:1.0'))).toThrow(
        'FB2010-test.txt line 2, field "mapper 1 rack": expected a rack id in 0…149, got "150"',
      );
      expect(() => parse(withLine(2, '1 0 1 22 1 -1:1.0'))).toThrow(
        'FB2010-test.txt line 2, field "reducer 1 rack"',
      );
    });

    it('rejects a rack listed twice in one coflow', () => {
      expect(() => parse(withLine(3, '2 10833 2 104 104 1 140:48.0'))).toThrow(
        'FB2010-test.txt line 3, field "mapper 2 rack": expected a rack not listed before in this coflow, got "104"',
      );
    });

    it('rejects a reducer without rack:MB', () => {
      expect(() => parse(withLine(2, '1 0 1 22 1 65'))).toThrow(
        'FB2010-test.txt line 2, field "reducer 1": expected <rack>:<shuffle MB>, got "65"',
      );
    });

    it('rejects missing and extra fields', () => {
      expect(() => parse(withLine(2, '1 0 2 22'))).toThrow(
        'FB2010-test.txt line 2: field "mapper 2 rack" is missing',
      );
      expect(() => parse(withLine(2, '1 0 1 22 2 65:1.0'))).toThrow(
        'FB2010-test.txt line 2: field "reducer 2" is missing',
      );
      expect(() => parse(withLine(2, '1 0 1 22 1 65:1.0 66:1.0'))).toThrow(
        'FB2010-test.txt line 2: 1 unexpected field(s) after the last reducer, starting with "66:1.0"',
      );
    });

    it('rejects a coflow without mappers or reducers', () => {
      expect(() => parse(withLine(2, '1 0 0 1 65:1.0'))).toThrow(
        'FB2010-test.txt line 2, field "number of mappers": expected at least 1, got "0"',
      );
      expect(() => parse(withLine(2, '1 0 1 22 0'))).toThrow(
        'FB2010-test.txt line 2, field "number of reducers": expected at least 1, got "0"',
      );
    });

    it('rejects a duplicate coflow id', () => {
      expect(() => parse(withLine(4, '1 13122 2 66 138 1 38:4.0'))).toThrow(
        'FB2010-test.txt line 4, field "coflow id": expected an id not used before (line 2 has it), got "1"',
      );
    });
  });
});

describe('readCoflowTrace', () => {
  it('names the path it cannot read', () => {
    expect(() => readCoflowTrace('/no/such/coflows.txt')).toThrow(
      'readCoflowTrace: cannot read /no/such/coflows.txt',
    );
  });
});
