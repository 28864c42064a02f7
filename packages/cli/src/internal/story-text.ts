import type { DecisionEvidence, EvidenceValue } from '@rackwise/types';
import type { StoryEntry } from './job-story.js';

const MIB = 1024 * 1024;
const bytes = (v: number): string =>
  v >= 1024 * MIB
    ? `${(v / 1024 / MIB).toFixed(2)} GiB`
    : v >= MIB
      ? `${(v / MIB).toFixed(1)} MiB`
      : `${(v / 1024).toFixed(1)} KiB`;
const percent = (v: number): string => `${(v * 100).toFixed(0)} %`;
const seconds = (t: number): string => `${t.toFixed(2)} s`;
const num = (v: EvidenceValue | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

/** The values of a decision's evidence, in words; the fields any policy may give, in a fixed order. */
export function evidenceInWords(e: DecisionEvidence): string {
  const parts: string[] = [];
  const algorithm = e.algorithm;
  if (typeof algorithm === 'string') parts.push(`by ${algorithm}`);
  if (typeof e.locality === 'string') parts.push(`locality ${e.locality}`);
  const out = num(e.predictedMapOutputBytes);
  const space = e.mapOutputSpaceBytes;
  if (out !== undefined) {
    parts.push(
      `predicted map output ${bytes(out)}${typeof space === 'number' ? ` against ${bytes(space)} of free map-output space on the node` : ''}${typeof e.trafficThresholdBytes === 'number' ? ` (TrafficThreshold ${bytes(e.trafficThresholdBytes)})` : ''}`,
    );
  } else if (typeof space === 'number' && e.job === undefined) {
    parts.push(`free map-output space on the node ${bytes(space)}`);
  }
  const shuffle = num(e.predictedShuffleBytes);
  if (shuffle !== undefined) {
    parts.push(
      `job's predicted shuffle ${bytes(shuffle)}${typeof e.shuffleClass === 'string' ? ` (${e.shuffleClass})` : ''}${e.predicted === false ? ', not yet observed' : ''}`,
    );
  }
  if (typeof e.shuffleInputRatio === 'number')
    parts.push(`shuffle/input ratio ${e.shuffleInputRatio.toFixed(2)}`);
  if (typeof e.reduceNumOnRack === 'number') {
    parts.push(
      `ReduceNum on the rack ${e.reduceNumOnRack}, ${String(e.reducesOnRack)} of its reduces already there`,
    );
  }
  if (Array.isArray(e.preferredMapRacks)) {
    parts.push(
      `preferred map racks [${e.preferredMapRacks.join(', ')}]${e.inPreferredRack === true ? ', this one among them' : ''}`,
    );
  }
  const load = num(e.rackUtilisation);
  if (load !== undefined && typeof e.congestionThreshold === 'number') {
    parts.push(
      `rack link at ${percent(load)} against the ${percent(e.congestionThreshold)} congestion threshold`,
    );
  }
  if (typeof e.saturated === 'boolean') {
    parts.push(
      `network ${e.saturated ? 'saturated' : 'not saturated'} (threshold ${percent(Number(e.nwSaturationThreshold))})`,
    );
  }
  if (typeof e.waited === 'number' && Array.isArray(e.thresholds)) {
    parts.push(
      `had waited ${e.waited} ${String(e.measure)} (rack-local after ${String(e.thresholds[0])}, any after ${String(e.thresholds[1])})`,
    );
  }
  if (typeof e.group === 'string' && Array.isArray(e.groups)) {
    const groups = (e.groups as readonly Record<string, EvidenceValue>[]).slice(0, 4);
    parts.push(
      `${e.group} served first by ${String(e.shareMeasure)}: ${groups.map((g) => `${String(g.group)} ${(Number(g.share) * 100).toFixed(1)} %`).join(', ')}`,
    );
  }
  return parts.join('; ');
}

/** A job's story in words, consecutive identical pass-overs folded into one line. */
export function storyInWords(header: string, story: readonly StoryEntry[]): string {
  const lines = [header];
  for (let i = 0; i < story.length; i++) {
    const entry = story[i]!;
    if (entry.event !== 'offer') {
      const what = 'task' in entry ? `${entry.task} ${entry.event} on node ${entry.node}` : entry.event;
      lines.push(`  ${seconds(entry.time).padStart(10)}  ${what}`);
      continue;
    }
    if (entry.task !== undefined) {
      const because = entry.evidence === undefined ? '' : `: ${evidenceInWords(entry.evidence)}`;
      lines.push(
        `  ${seconds(entry.time).padStart(10)}  launched ${entry.task} on node ${entry.node} (rack ${entry.rack}, ${entry.slot} slot) — ${entry.reason}${because}`,
      );
      continue;
    }
    let j = i;
    while (
      j + 1 < story.length &&
      story[j + 1]!.event === 'offer' &&
      (story[j + 1] as typeof entry).task === undefined &&
      (story[j + 1] as typeof entry).reason === entry.reason
    ) {
      j++;
    }
    const count = j - i + 1;
    const last = story[j] as typeof entry;
    const instead =
      entry.launchedInstead === undefined
        ? 'the slot stayed idle'
        : `${entry.launchedInstead} launched instead`;
    const when = count === 1 ? seconds(entry.time) : `${seconds(entry.time)} … ${seconds(story[j]!.time)}`;
    lines.push(
      `  ${seconds(entry.time).padStart(10)}  passed over${count > 1 ? ` at ${count} offers (${when})` : ` on node ${entry.node} (rack ${entry.rack})`}: ${last.passedOver} — ${entry.reason}, ${instead}`,
    );
    i = j;
  }
  return `${lines.join('\n')}\n`;
}
