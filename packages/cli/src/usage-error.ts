/**
 * A mistake in how the command was called (unknown command or option, a value out of
 * range, an unreadable file). The CLI prints its message and exits with code 2 before
 * running anything.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
