import { fc, test as propTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { mergeConfig, requireFraction, requireName } from './config-checks.js';

interface Example {
  readonly name: string;
  readonly limit: number;
}
const DEFAULTS: Example = { name: 'example', limit: 0.5 };

describe('mergeConfig', () => {
  it('returns the defaults themselves when no configuration is given', () => {
    expect(mergeConfig('example', DEFAULTS, undefined)).toBe(DEFAULTS);
  });

  it('overrides only the options given', () => {
    expect(mergeConfig('example', DEFAULTS, { limit: 0.9 })).toEqual({ name: 'example', limit: 0.9 });
  });

  it('refuses an unknown option, naming it and the known ones', () => {
    expect(() => mergeConfig('example', DEFAULTS, { limt: 1 } as Partial<Example>)).toThrow(
      'example: unknown option "limt"; known options: name, limit',
    );
  });

  it('accepts the optional keys it is told about', () => {
    const config = { userOrder: 'x' } as Partial<Example>;
    expect(mergeConfig('example', DEFAULTS, config, ['userOrder'])).toMatchObject({ userOrder: 'x' });
  });

  it('refuses a configuration that is not an object', () => {
    expect(() => mergeConfig('example', DEFAULTS, 3 as unknown as Partial<Example>)).toThrow(
      'example: the configuration must be an object, got 3',
    );
    expect(() => mergeConfig('example', DEFAULTS, null as unknown as Partial<Example>)).toThrow(/got null/);
  });

  propTest.prop([fc.string().filter((key) => key !== 'name' && key !== 'limit')])(
    'refuses every key the defaults do not know',
    (key) => {
      expect(() => mergeConfig('example', DEFAULTS, { [key]: 1 } as Partial<Example>)).toThrow(
        `unknown option ${JSON.stringify(key)}`,
      );
    },
  );
});

describe('requireFraction', () => {
  propTest.prop([fc.double({ min: 0, max: 1, noNaN: true })])('returns a value in [0, 1]', (value) => {
    expect(requireFraction('example', 'limit', value)).toBe(value);
  });

  propTest.prop([
    fc.oneof(
      fc.double({ noNaN: false }).filter((v) => !(v >= 0 && v <= 1)),
      fc.string(),
      fc.constant(undefined),
    ),
  ])('refuses anything else, naming the option', (value) => {
    expect(() => requireFraction('example', 'limit', value)).toThrow(
      'example: limit must be a number in [0, 1]',
    );
  });
});

describe('requireName', () => {
  it('returns a non-empty string', () => {
    expect(requireName('example', 'fair-2')).toBe('fair-2');
  });

  it('refuses an empty or non-string name', () => {
    expect(() => requireName('example', '')).toThrow('example: name must be a non-empty string, got ');
    expect(() => requireName('example', 7)).toThrow('got 7');
  });
});
