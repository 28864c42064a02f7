/**
 * A map's provenance in words, for its Markdown section and its HTML page: what it
 * recorded, and "not recorded" where it ran before provenance was kept — never a value
 * guessed from today's code.
 */
import type { MapProvenance, ModelValue, NetworkModel } from './map-provenance.js';
import type { ReproductionMap } from './reproduce-paper.js';

/** What a section says in place of a value its map did not record. */
export const NOT_RECORDED = 'not recorded (ran before provenance was kept)';

/** Seconds of a parameter that counts them. */
const SECONDS = new Set(['resolveInterval']);

/** One parameter's value (or values across cells) in a line of the provenance. */
function modelValue(name: string, value: ModelValue | readonly ModelValue[]): string {
  const one = (v: ModelValue) => `${v}${SECONDS.has(name) && typeof v === 'number' ? ' s' : ''}`;
  if (!Array.isArray(value)) return one(value as ModelValue);
  return `${value.map(one).join(' / ')} (by cell)`;
}

/** The network model as a list of `name value`, in the order it was recorded. */
export function modelText(model: NetworkModel): string {
  return Object.entries(model)
    .map(([name, value]) => `\`${name}\` ${modelValue(name, value)}`)
    .join(', ');
}

/**
 * A map's CPU cost and what it counts: each run's CPU time, or its wall time where it kept
 * none — stated apart where the map kept how much of it was wall time (a run kept from
 * before CPU time was recorded may have waited out a pause on its clock).
 */
function costText(p: MapProvenance): string {
  const wall = p.wallCountedRuns ?? 0;
  if (p.cpuMeasured !== true || wall === 0 || p.wallCountedSeconds === undefined)
    return `${cpuText(p.cpuSeconds)} (${cpuBasis(p)})`;
  const runs = `${wall} run${wall === 1 ? '' : 's'}`;
  return `${cpuText(p.cpuSeconds - p.wallCountedSeconds)} of the simulations' CPU time, each on its thread, and ${runs} without it: ${durationText(p.wallCountedSeconds, '')} of their wall time, longer than their CPU time on a loaded machine`;
}

/** What a map's CPU cost counts: each run's CPU time, or its wall time where it kept none. */
function cpuBasis(p: MapProvenance): string {
  const wall = p.wallCountedRuns ?? 0;
  if (p.cpuMeasured !== true)
    return "the simulations' wall time, each on one core: more than their CPU time on a loaded machine";
  if (wall === 0) return "the simulations' CPU time, each on its thread";
  return `the simulations' CPU time, each on its thread; ${wall} run${wall === 1 ? '' : 's'} without it counted by wall time, longer on a loaded machine`;
}

/** A duration as a person says it: seconds, minutes or hours, each unit after `prefix`. */
function durationText(seconds: number, prefix: string): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  if (seconds < 120) return `${Math.round(seconds)} ${prefix}seconds`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} ${prefix}minutes`;
  return `${(seconds / 3600).toFixed(1)} ${prefix}hours`;
}

/** A cost in CPU-seconds as a person says it: seconds, minutes or hours. */
export function cpuText(seconds: number): string {
  return durationText(seconds, 'CPU-');
}

/** Seeds as a list, runs of consecutive ones as ranges: `1–5`, `1, 3, 7–9`. */
export function seedText(seeds: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < seeds.length; ) {
    let j = i;
    while (j + 1 < seeds.length && seeds[j + 1] === seeds[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${seeds[i]}–${seeds[j]}` : seeds.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * The provenance of a section, one item a line: the network model, the commit, the
 * traces with their checksums, the seeds, the CPU cost.
 */
export function provenanceLines(map: ReproductionMap): string[] {
  const p = map.provenance;
  const seeds = `- Seeds: ${seedText(p?.seeds ?? map.grid.seeds)}.`;
  if (p === undefined) {
    const wall = Number.isFinite(map.wallSeconds)
      ? `; the run's own clock read ${Math.round(map.wallSeconds)} s of wall time`
      : '';
    return [
      `- Network model: ${NOT_RECORDED}.`,
      `- Commit: ${NOT_RECORDED}.`,
      `- Trace: ${map.trace === undefined ? NOT_RECORDED : `\`${map.trace}\` given; checksum ${NOT_RECORDED}`}.`,
      seeds,
      `- CPU cost: ${NOT_RECORDED}${wall}.`,
    ];
  }
  const traces =
    p.traces.length === 0
      ? 'none (a generated workload)'
      : p.traces
          .map(
            (t) =>
              `\`${t.name}\` (${t.sha256 === undefined ? 'checksum unknown' : `SHA-256 \`${t.sha256}\``})`,
          )
          .join(', ');
  return [
    `- Network model: ${modelText(p.model)}.`,
    `- Commit: ${p.commit === undefined ? 'unknown (not run from a git checkout)' : `\`${p.commit}\``}.`,
    `- Trace: ${traces}.`,
    seeds,
    `- CPU cost: ${costText(p)}.`,
  ];
}
