/** Evidence of an Even launch, built only on request: the job's rack counts. */
export interface EvenEvidence {
  readonly [key: string]: number | string | readonly number[];
  readonly kind: 'map' | 'reduce';
  readonly rack: number;
  /** The job's maps launched per rack, this one included for a map. */
  readonly mapsPerRack: readonly number[];
  /** The most maps any rack may take: ⌈maps / racks⌉ (only `maps mod racks` racks reach it). */
  readonly rackShare: number;
}
