/**
 * Typed reads of fields of a parsed JSON record. Each failure is an Error naming the
 * file, the line or record, and the field's path, with what was expected and what was
 * found — never a partial result.
 */
export class JsonFields {
  constructor(
    /** `app.log line 17` or `history.json record 2 (line 40)`. */
    readonly where: string,
    readonly value: Record<string, unknown>,
    readonly path = '',
  ) {}

  #name(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  fail(key: string, expected: string, got: unknown): Error {
    return new Error(`${this.where}, field "${this.#name(key)}": expected ${expected}, got ${describe(got)}`);
  }

  has(key: string): boolean {
    return this.value[key] !== undefined && this.value[key] !== null;
  }

  object(key: string): JsonFields {
    const v = this.value[key];
    if (!isObject(v)) throw this.fail(key, 'an object', v);
    return new JsonFields(this.where, v, this.#name(key));
  }

  optionalObject(key: string): JsonFields | undefined {
    return this.has(key) ? this.object(key) : undefined;
  }

  array(key: string): unknown[] {
    const v = this.value[key];
    if (!Array.isArray(v)) throw this.fail(key, 'an array', v);
    return v;
  }

  /** The elements of an array of objects, each with its own path `key[i]`. */
  objects(key: string): JsonFields[] {
    return this.array(key).map((v, i) => {
      if (!isObject(v)) throw this.fail(`${key}[${i}]`, 'an object', v);
      return new JsonFields(this.where, v, this.#name(`${key}[${i}]`));
    });
  }

  string(key: string): string {
    const v = this.value[key];
    if (typeof v !== 'string') throw this.fail(key, 'a string', v);
    return v;
  }

  optionalString(key: string, fallback: string): string {
    return this.has(key) ? this.string(key) : fallback;
  }

  boolean(key: string): boolean {
    const v = this.value[key];
    if (typeof v !== 'boolean') throw this.fail(key, 'true or false', v);
    return v;
  }

  /** A safe integer ≥ `min` (default 0) and, when `max` is given, ≤ `max` (`why` says why). */
  integer(key: string, min = 0, max?: number, why?: string): number {
    const v = this.value[key];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
      throw this.fail(key, `an integer >= ${min}`, v);
    }
    if (max !== undefined && v > max)
      throw this.fail(key, `an integer <= ${max}${why === undefined ? '' : ` (${why})`}`, v);
    return v;
  }

  /** An integer ≥ 0, or `fallback` when absent (or, with `unknown`, equal to it — Rumen writes −1). */
  optionalCount(key: string, fallback = 0, unknown?: number): number {
    if (!this.has(key)) return fallback;
    if (unknown !== undefined && this.value[key] === unknown) return fallback;
    return this.integer(key);
  }

  /** Integer ids ≥ 0 of an array. */
  integers(key: string): number[] {
    return this.array(key).map((v, i) => {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
        throw this.fail(`${key}[${i}]`, 'an integer >= 0', v);
      return v;
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a JSON value for an error message. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing (field missing)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Whether a JSON value is an object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return isObject(value);
}
