import type { EvidenceDetail, PolicyContext } from '@rackwise/types';

/** Rivals bounded evidence names on each side of the chosen group in serving order. */
export const EVIDENCE_RIVALS = 3;

/** Entries bounded evidence keeps of any list that grows with the active jobs or users. */
export const EVIDENCE_LIST_LIMIT = 5;

/**
 * What the host asked of a policy's evidence: `undefined` for none, else `bounded` (the
 * default) or `full` (`PolicyContext.evidenceDetail`).
 */
export function evidenceDetailOf(context: PolicyContext | undefined): EvidenceDetail | undefined {
  if (context?.recordEvidence !== true) return undefined;
  return context.evidenceDetail ?? 'bounded';
}

/**
 * A growing list as evidence: itself for `full`, its first {@link EVIDENCE_LIST_LIMIT}
 * entries for `bounded` (the evidence says how many there were beside it).
 */
export function evidenceList<T>(list: readonly T[], detail: EvidenceDetail): readonly T[] {
  return detail === 'full' || list.length <= EVIDENCE_LIST_LIMIT ? list : list.slice(0, EVIDENCE_LIST_LIMIT);
}

/**
 * Entries of a list that grows with the active users or jobs (users skipped, jobs passed
 * over), gathered as evidence while a policy decides: every entry for `full`, the first
 * {@link EVIDENCE_LIST_LIMIT} for `bounded`, and how many there were either way. An entry
 * is built only when it is kept.
 */
export class EvidenceEntries<Entry> {
  readonly entries: Entry[] = [];
  count = 0;

  constructor(private readonly detail: EvidenceDetail) {}

  /** One more entry; `entry` is called only when it is kept. */
  add(entry: () => Entry): void {
    this.count++;
    if (this.detail === 'bounded' && this.entries.length >= EVIDENCE_LIST_LIMIT) return;
    this.entries.push(entry());
  }
}
