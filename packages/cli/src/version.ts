import { createRequire } from 'node:module';

/** The CLI's version, from its package.json. */
export function cliVersion(): string {
  return String((createRequire(import.meta.url)('rackwise/package.json') as { version: string }).version);
}
