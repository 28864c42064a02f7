import type { Bytes, JobId, JobView, ResourceVector, Seconds, UserId } from '@rackwise/types';

/** The eleven fields a `JobView` fixes when the job is submitted, as one object. */
export type SubmittedJobFields = Pick<
  JobView,
  | 'id'
  | 'user'
  | 'queue'
  | 'submitTime'
  | 'inputBytes'
  | 'signature'
  | 'declaredShuffleRatio'
  | 'mapCount'
  | 'reduceCount'
  | 'mapDemand'
  | 'reduceDemand'
>;

/**
 * What a job is when it is submitted: the fixed fields of its `JobView`, the ones the
 * predictor and the job classes read. A host's job state extends it and adds the fields
 * that move (task counts, output, the pending and running lists), so the fixed fields are
 * written once for every host; each host decides their values (defaults, clock).
 */
export class SubmittedJob implements SubmittedJobFields {
  readonly id: JobId;
  readonly user: UserId;
  readonly queue: string;
  readonly submitTime: Seconds;
  readonly inputBytes: Bytes;
  readonly signature: string | undefined;
  readonly declaredShuffleRatio: number | undefined;
  readonly mapCount: number;
  readonly reduceCount: number;
  readonly mapDemand: ResourceVector;
  readonly reduceDemand: ResourceVector;

  /** Copies the fields, in the `JobView`'s order (every instance gets the same layout). */
  constructor(fields: SubmittedJobFields) {
    this.id = fields.id;
    this.user = fields.user;
    this.queue = fields.queue;
    this.submitTime = fields.submitTime;
    this.inputBytes = fields.inputBytes;
    this.signature = fields.signature;
    this.declaredShuffleRatio = fields.declaredShuffleRatio;
    this.mapCount = fields.mapCount;
    this.reduceCount = fields.reduceCount;
    this.mapDemand = fields.mapDemand;
    this.reduceDemand = fields.reduceDemand;
  }
}
