/**
 * rackwise — the command line of the rackwise toolkit: `run`, `compare`, `sweep`,
 * `report`, `presets`, `policies` and `demo` over the presets of `@rackwise/experiments`
 * (docs/architecture.md §6). Embeddable: `main(argv, io)` returns the exit code.
 */
export { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, cliVersion, main } from './main.js';
export { nodeIo } from './cli-io.js';
export type { CliIo } from './cli-io.js';
export { UsageError } from './usage-error.js';
