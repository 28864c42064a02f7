/**
 * Units and identifiers of the rackwise vocabulary.
 *
 * Quantities are plain numbers whose unit is named by their type alias and by the
 * field that holds them (`inputBytes`, `submitTime`). Identifiers are branded numbers:
 * dense indices (0 … n − 1) so hosts can keep state in typed arrays, but not
 * interchangeable with one another by accident.
 */

/** A size in bytes. */
export type Bytes = number;
/** A duration or an instant on the simulated (or host) clock, in seconds. */
export type Seconds = number;
/** A link or NIC capacity, or a flow rate, in bits per second. */
export type BitsPerSecond = number;
/** A dimensionless fraction, normally in [0, 1] (utilisation, progress). */
export type Fraction = number;

declare const brand: unique symbol;
/** A number tagged with the kind of thing it identifies. */
export type Brand<T, Tag extends string> = T & {
  /** Compile-time tag only: no value carries this property at run time. */
  readonly [brand]: Tag;
};

/** A worker node: 0 … `TopologyView.nodeCount − 1`. */
export type NodeId = Brand<number, 'NodeId'>;
/** A rack: 0 … `TopologyView.rackCount − 1`. */
export type RackId = Brand<number, 'RackId'>;
/** A job, unique within one run or host. */
export type JobId = Brand<number, 'JobId'>;
/** A user (tenant), unique within one run or host. */
export type UserId = Brand<number, 'UserId'>;
