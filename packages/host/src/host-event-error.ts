/**
 * An event the state refused: it names the event and the field at fault, and the state is
 * exactly as it was before the event (nothing half-applied).
 */
export class HostEventError extends Error {
  override readonly name = 'HostEventError';
  /** The refused event, as given. */
  readonly event: unknown;
  /** The field at fault, as a path into the event (`time`, `job.maps[3].inputBytes`). */
  readonly field: string;

  constructor(event: unknown, field: string, problem: string) {
    const type =
      event !== null && typeof event === 'object' && typeof (event as { type?: unknown }).type === 'string'
        ? (event as { type: string }).type
        : 'unknown';
    super(`refused ${type} event: ${field} ${problem}`);
    this.event = event;
    this.field = field;
  }
}
