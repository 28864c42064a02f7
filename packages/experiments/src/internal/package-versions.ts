import { createRequire } from 'node:module';

/** The rackwise packages a run goes through. */
const PACKAGES = [
  '@rackwise/types',
  '@rackwise/topology',
  '@rackwise/predictor',
  '@rackwise/estimators',
  '@rackwise/workloads',
  '@rackwise/engine',
  '@rackwise/metrics',
  '@rackwise/policy-fifo',
  '@rackwise/policy-fair',
  '@rackwise/policy-capacity',
  '@rackwise/policy-drf',
  '@rackwise/policy-delay',
  '@rackwise/policy-shufflewatcher',
  '@rackwise/policy-nas',
];

/** Versions of this package and of the rackwise packages it runs, by name (read from their package.json). */
export function packageVersions(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const read = (specifier: string): string => {
    try {
      return String((require(specifier) as { version?: unknown }).version ?? 'unknown');
    } catch {
      return 'unknown';
    }
  };
  const versions: Record<string, string> = {
    '@rackwise/experiments': read('@rackwise/experiments/package.json'),
  };
  for (const name of PACKAGES) versions[name] = read(`${name}/package.json`);
  return versions;
}
