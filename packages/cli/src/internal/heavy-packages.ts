/**
 * The packages a command loads only when it needs them. `@rackwise/reports` draws its
 * charts with ECharts, about 600 modules whose loading was most of the CLI's start-up
 * (about a CPU second), and `@rackwise/reproduce` stands on it: `--version`, `--help`,
 * `presets`, `policies` or `host` never need either.
 */

/** `@rackwise/reports`, as a command uses it. */
export type ReportsPackage = typeof import('@rackwise/reports');

/** `@rackwise/reproduce`, as `rackwise reproduce` uses it. */
export type ReproducePackage = typeof import('@rackwise/reproduce');

/** Loads `@rackwise/reports` (once; later calls resolve to the same module). */
export function loadReports(): Promise<ReportsPackage> {
  return import('@rackwise/reports');
}

/** Loads `@rackwise/reproduce` (once; later calls resolve to the same module). */
export function loadReproduce(): Promise<ReproducePackage> {
  return import('@rackwise/reproduce');
}
