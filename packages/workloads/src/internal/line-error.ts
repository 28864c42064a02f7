/** An Error for one bad value of a text file: `file line N, field "F": expected …, got "…"`. */
export function fieldError(file: string, line: number, field: string, expected: string, raw: string): Error {
  return new Error(
    `${file} line ${line}, field "${field}": expected ${expected}, got ${JSON.stringify(raw)}`,
  );
}

/** An Error for a whole line of a text file: `file line N: message`. */
export function lineError(file: string, line: number, message: string): Error {
  return new Error(`${file} line ${line}: ${message}`);
}

/**
 * Splits text into lines (LF or CRLF) keeping 1-based line numbers; blank lines are
 * dropped. A leading UTF-8 byte-order mark (U+FEFF, as spreadsheet exports write) is
 * not part of line 1.
 */
export function contentLines(text: string): { readonly text: string; readonly line: number }[] {
  const lines: { text: string; line: number }[] = [];
  const raw = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  for (let i = 0; i < raw.length; i++) {
    const line = (raw[i] as string).replace(/\r$/, '');
    if (line.trim().length > 0) lines.push({ text: line, line: i + 1 });
  }
  return lines;
}

const INTEGER = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** A non-negative safe integer written in plain digits, else an Error naming the field. */
export function parseCount(
  file: string,
  line: number,
  field: string,
  raw: string,
  what = 'a non-negative integer',
): number {
  const value = INTEGER.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw fieldError(file, line, field, what, raw);
  return value;
}

/** A non-negative decimal number written in plain digits, else an Error naming the field. */
export function parseDecimal(file: string, line: number, field: string, raw: string): number {
  const value = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) throw fieldError(file, line, field, 'a non-negative number', raw);
  return value;
}
