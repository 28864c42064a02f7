import { readFileSync } from 'node:fs';
import { presetNames } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The preset names of the README's "Presets" table, in its order. */
function readmePresets(): string[] {
  const section = readme.split(/^## Presets$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]!);
}

describe('the README', () => {
  it('lists every built-in preset in its Presets table, in the order `rackwise presets` does', () => {
    expect(readmePresets()).toEqual([...presetNames()]);
  });
});
