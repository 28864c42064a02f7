/**
 * The metric catalogue: a human name, a display unit and a direction for every metric
 * a report shows (docs/architecture.md §7). A metric is matched by its dotted name against the
 * entries' patterns, `*` standing for one segment; a new metric (or a policy's own)
 * plugs in by adding an entry to `METRIC_CATALOGUE`. Names no entry matches are still
 * shown, spelled out from their key.
 */

/**
 * Which way a metric is better: `lower` (times, traffic), `higher` (throughput), or
 * `neither` (a setting, or a diagnostic of a trade-off such as map progress at first
 * reduce); reports print `neither` rather than leave it blank.
 */
export type MetricDirection = 'lower' | 'higher' | 'neither';

/** What a report needs to show one metric. */
export interface MetricInfo {
  readonly name: string;
  /** Human name: `Mean job execution time`. */
  readonly label: string;
  /** Display unit (`s`, `jobs/h`, `GB`, `%`); empty for a plain count or ratio. */
  readonly unit: string;
  /** Display value = stored value × scale (throughput jobs/s × 3600 = jobs/h). */
  readonly scale: number;
  readonly direction: MetricDirection;
}

/** One catalogue entry: a pattern and how to name what it matches (`$1` = first `*`). */
export interface MetricEntry {
  /** Dotted name with `*` for one segment: `executionTimeByShuffleClass.*.mean`. */
  readonly pattern: string;
  /** Human name; `$1`, `$2` are replaced by the words of the segments `*` matched. */
  readonly label: string;
  readonly unit?: string;
  readonly scale?: number;
  readonly direction: MetricDirection;
}

const GB = { unit: 'GB', scale: 1e-9 } as const;
const PERCENT = { unit: '%', scale: 100 } as const;
const SECONDS = { unit: 's', scale: 1 } as const;

/** Words for the segments patterns capture (`p95` → `95th-percentile`). */
const WORDS: Readonly<Record<string, string>> = {
  mean: 'mean',
  p50: 'median',
  p95: '95th-percentile',
  max: 'longest',
  count: 'number of',
  light: 'light-shuffle',
  medium: 'medium-shuffle',
  heavy: 'heavy-shuffle',
  small: 'small-input',
  large: 'large-input',
  shuffle: 'shuffle',
  mapInput: 'map-input',
  outputReplication: 'output-replication',
  migration: 'migration',
  total: 'all',
};

/** Distribution statistics: `<stem>.mean` … with their words. */
function distribution(
  stem: string,
  what: string,
  unit: { unit: string; scale: number },
  direction: MetricDirection,
): MetricEntry[] {
  return [
    { pattern: `${stem}.count`, label: `Jobs with a ${what}`, direction: 'neither' },
    { pattern: `${stem}.mean`, label: `Mean ${what}`, ...unit, direction },
    { pattern: `${stem}.p50`, label: `Median ${what}`, ...unit, direction },
    { pattern: `${stem}.p95`, label: `95th-percentile ${what}`, ...unit, direction },
    { pattern: `${stem}.max`, label: `Longest ${what}`, ...unit, direction },
  ];
}

/** The catalogue, first match wins. Add an entry here for a new metric. */
export const METRIC_CATALOGUE: readonly MetricEntry[] = Object.freeze([
  { pattern: 'jobsSubmitted', label: 'Jobs submitted', direction: 'neither' },
  { pattern: 'jobsCompleted', label: 'Jobs completed', direction: 'higher' },
  { pattern: 'jobsUnfinished', label: 'Jobs unfinished at the end', direction: 'lower' },
  { pattern: 'throughput', label: 'Throughput', unit: 'jobs/h', scale: 3600, direction: 'higher' },
  { pattern: 'makespan', label: 'Makespan', unit: 'h', scale: 1 / 3600, direction: 'lower' },
  ...distribution('executionTime', 'job execution time', SECONDS, 'lower'),
  { pattern: 'executionTimeByShuffleClass.*.count', label: '$1 jobs completed', direction: 'neither' },
  {
    pattern: 'executionTimeByShuffleClass.*.*',
    label: '$2 execution time, $1 jobs',
    ...SECONDS,
    direction: 'lower',
  },
  { pattern: 'executionTimeByInputClass.*.count', label: '$1 jobs completed', direction: 'neither' },
  {
    pattern: 'executionTimeByInputClass.*.*',
    label: '$2 execution time, $1 jobs',
    ...SECONDS,
    direction: 'lower',
  },
  { pattern: 'byShuffleClass.*.jobs', label: '$1 jobs', direction: 'neither' },
  { pattern: 'byShuffleClass.*.jobsCompleted', label: '$1 jobs completed', direction: 'higher' },
  {
    pattern: 'byShuffleClass.*.throughput',
    label: 'Throughput of $1 jobs',
    unit: 'jobs/h',
    scale: 3600,
    direction: 'higher',
  },
  {
    pattern: 'byShuffleClass.*.executionTimeMean',
    label: 'Mean execution time, $1 jobs',
    ...SECONDS,
    direction: 'lower',
  },
  {
    pattern: 'byShuffleClass.*.crossRackShuffleBytes',
    label: 'Cross-rack shuffle traffic of $1 jobs',
    ...GB,
    direction: 'lower',
  },
  {
    pattern: 'byShuffleClass.*.crossRackMapInputBytes',
    label: 'Cross-rack map-input traffic of $1 jobs',
    ...GB,
    direction: 'lower',
  },
  { pattern: 'crossRackBytes.total', label: 'Cross-rack traffic', ...GB, direction: 'lower' },
  { pattern: 'crossRackBytes.*', label: 'Cross-rack $1 traffic', ...GB, direction: 'lower' },
  { pattern: 'totalBytes.total', label: 'Network traffic', ...GB, direction: 'lower' },
  { pattern: 'totalBytes.*', label: 'Network $1 traffic', ...GB, direction: 'lower' },
  { pattern: 'mapLocality.node', label: 'Node-local maps', ...PERCENT, direction: 'higher' },
  { pattern: 'mapLocality.rack', label: 'Rack-local maps', ...PERCENT, direction: 'neither' },
  { pattern: 'mapLocality.remote', label: 'Remote maps', ...PERCENT, direction: 'lower' },
  // Neither, deliberately: NAS §IV (Fig. 3(d)) reads it as a diagnostic of a trade-off.
  // Lower means more overlap of the map and shuffle phases; higher is the overlap a
  // policy gives up to hold heavy shuffles off a congested network (NAS and SW-delay are
  // above Fair and Delay, and faster). Neither end is the better one.
  {
    pattern: 'mapProgressAtFirstReduce',
    label: 'Map progress at first reduce',
    ...PERCENT,
    direction: 'neither',
  },
  { pattern: 'congestion.threshold', label: 'Congestion threshold', ...PERCENT, direction: 'neither' },
  {
    pattern: 'congestion.occurrences',
    label: 'Congestion occurrences (with hysteresis)',
    direction: 'lower',
  },
  { pattern: 'congestion.hysteresis', label: 'Congestion hysteresis', ...PERCENT, direction: 'neither' },
  {
    pattern: 'congestion.crossings',
    label: 'Upward crossings of the congestion threshold',
    direction: 'lower',
  },
  {
    pattern: 'congestion.maxRackOccurrences',
    label: 'Congestion occurrences of the busiest rack',
    direction: 'lower',
  },
  {
    pattern: 'congestion.maxRackLinkSeconds',
    label: 'Congested link time of the busiest rack',
    unit: 'link-s',
    scale: 1,
    direction: 'lower',
  },
  {
    pattern: 'congestion.linkSeconds',
    label: 'Congested link time',
    unit: 'link-s',
    scale: 1,
    direction: 'lower',
  },
  { pattern: 'congestedNodes.threshold', label: 'Congested-node threshold', ...GB, direction: 'neither' },
  { pattern: 'congestedNodes.share', label: 'Congested nodes', ...PERCENT, direction: 'lower' },
  {
    pattern: 'mtsCongestedNodes.share',
    label: "Nodes over MTS's live traffic threshold",
    ...PERCENT,
    direction: 'lower',
  },
  {
    pattern: 'throughputWhileArriving',
    label: 'Throughput while jobs arrive',
    unit: 'jobs/h',
    scale: 3600,
    direction: 'higher',
  },
  { pattern: 'withoutDegenerate.degenerateJobs', label: 'Degenerate jobs left out', direction: 'neither' },
  { pattern: 'withoutDegenerate.jobs', label: 'Jobs without degenerate ones', direction: 'neither' },
  {
    pattern: 'withoutDegenerate.jobsCompleted',
    label: 'Jobs completed without degenerate ones',
    direction: 'higher',
  },
  {
    pattern: 'withoutDegenerate.throughput',
    label: 'Throughput without degenerate jobs',
    unit: 'jobs/h',
    scale: 3600,
    direction: 'higher',
  },
  {
    pattern: 'withoutDegenerate.makespan',
    label: 'Makespan without degenerate jobs',
    unit: 'h',
    scale: 1 / 3600,
    direction: 'lower',
  },
  {
    pattern: 'withoutDegenerate.executionTimeMean',
    label: 'Mean job execution time without degenerate jobs',
    ...SECONDS,
    direction: 'lower',
  },
  {
    pattern: 'withoutDegenerate.crossRackShuffleBytes',
    label: 'Cross-rack shuffle traffic without degenerate jobs',
    ...GB,
    direction: 'lower',
  },
  {
    pattern: 'withoutDegenerate.crossRackMapInputBytes',
    label: 'Cross-rack map-input traffic without degenerate jobs',
    ...GB,
    direction: 'lower',
  },
  {
    pattern: 'withoutDegenerate.mapProgressAtFirstReduce',
    label: 'Map progress at first reduce without degenerate jobs',
    ...PERCENT,
    direction: 'neither',
  },
  {
    pattern: 'withoutDegenerate.byShuffleClass.*.throughput',
    label: 'Throughput of $1 jobs without degenerate ones',
    unit: 'jobs/h',
    scale: 3600,
    direction: 'higher',
  },
  {
    pattern: 'withoutDegenerate.byShuffleClass.*.*',
    label: '$2 of $1 jobs without degenerate ones',
    direction: 'neither',
  },
  ...distribution('skew', 'job skew', { unit: '', scale: 1 }, 'lower'),
  ...distribution('reduceWaitTime', 'reduce wait', SECONDS, 'lower'),
  { pattern: 'preemptions.total', label: 'Preemptions', direction: 'neither' },
  { pattern: 'preemptions.migrations', label: 'Reduce migrations', direction: 'neither' },
  { pattern: 'preemptions.kills', label: 'Reduces killed', direction: 'lower' },
  {
    pattern: 'preemptions.droppedFetchBytes',
    label: 'Shuffle bytes dropped at preemptions',
    ...GB,
    direction: 'lower',
  },
  { pattern: 'duplicates.launched', label: 'Duplicate maps launched', direction: 'neither' },
  { pattern: 'duplicates.chosen', label: 'Duplicate maps kept', direction: 'neither' },
  { pattern: 'duplicates.chosenEarly', label: 'Duplicates kept early', direction: 'neither' },
  { pattern: 'duplicates.killed', label: 'Map copies killed', direction: 'lower' },
  {
    pattern: 'duplicates.killedSlotSeconds',
    label: 'Slot time of killed copies',
    unit: 'slot-h',
    scale: 1 / 3600,
    direction: 'lower',
  },
  { pattern: 'duplicates.killedInputBytes', label: 'Input read by killed copies', ...GB, direction: 'lower' },
  { pattern: 'predictorError.count', label: 'Shuffle predictions', direction: 'neither' },
  { pattern: 'predictorError.finiteCount', label: 'Finite shuffle predictions', direction: 'neither' },
  { pattern: 'predictorError.infiniteCount', label: 'Unbounded shuffle predictions', direction: 'lower' },
  { pattern: 'predictorError.*', label: '$1 shuffle prediction error', ...PERCENT, direction: 'lower' },
  { pattern: 'slotSeconds.*', label: '$1 slot time', unit: 'slot-h', scale: 1 / 3600, direction: 'lower' },
  { pattern: 'load.window', label: 'Arrival window', ...SECONDS, direction: 'neither' },
  {
    pattern: 'load.offered',
    label: 'Offered cross-rack shuffle load (locality-oblivious)',
    ...PERCENT,
    direction: 'neither',
  },
  {
    pattern: 'load.uplinkUtilisation.*',
    label: '$1 rack-uplink utilisation while jobs arrive',
    ...PERCENT,
    direction: 'neither',
  },
  { pattern: 'load.slotUse', label: 'Slot use while jobs arrive', ...PERCENT, direction: 'neither' },
  { pattern: 'jobs', label: 'Jobs', direction: 'neither' },
  { pattern: 'crossRackShuffleBytes', label: 'Cross-rack shuffle traffic', ...GB, direction: 'lower' },
  { pattern: 'crossRackMapInputBytes', label: 'Cross-rack map-input traffic', ...GB, direction: 'lower' },
  { pattern: 'crossRackBytes', label: 'Cross-rack traffic', ...GB, direction: 'lower' },
]);

/** Suffix of metrics measured over a preset's steady-state window. */
const STEADY = ', steady state';

/**
 * Name, unit and direction of a metric, from the first catalogue entry that matches it.
 * `steadyState.<m>` is `<m>` over the measured window, `steadyState.byClass.<c>.<m>`
 * the same for one shuffle class. Unknown names are spelled out from their key with the
 * unit their name implies, direction `neither`.
 */
export function metricInfo(name: string, catalogue: readonly MetricEntry[] = METRIC_CATALOGUE): MetricInfo {
  const own = match(name, catalogue);
  if (own !== undefined) return own;
  if (name.startsWith('steadyState.')) {
    const rest = name.slice('steadyState.'.length);
    const byClass = /^byClass\.([^.]+)\.(.+)$/.exec(rest);
    const inner = metricInfo(byClass === null ? rest : (byClass[2] as string), catalogue);
    const cls = byClass === null ? '' : `, ${word(byClass[1] as string)} jobs`;
    return { ...inner, name, label: `${inner.label}${cls}${STEADY}` };
  }
  return fallback(name);
}

function match(name: string, catalogue: readonly MetricEntry[]): MetricInfo | undefined {
  const parts = name.split('.');
  for (const entry of catalogue) {
    const pattern = entry.pattern.split('.');
    if (pattern.length !== parts.length) continue;
    const captured: string[] = [];
    if (!pattern.every((p, i) => (p === '*' ? captured.push(parts[i] as string) > 0 : p === parts[i])))
      continue;
    const label = entry.label.replace(/\$(\d)/g, (_, d: string) => word(captured[Number(d) - 1] ?? ''));
    return {
      name,
      label: label.charAt(0).toUpperCase() + label.slice(1),
      unit: entry.unit ?? '',
      scale: entry.scale ?? 1,
      direction: entry.direction,
    };
  }
  return undefined;
}

function word(segment: string): string {
  return WORDS[segment] ?? spell(segment);
}

/** `crossRackShuffleBytes` → `cross rack shuffle bytes`. */
function spell(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

function fallback(name: string): MetricInfo {
  const lower = name.toLowerCase();
  const unit = /bytes/.test(lower)
    ? GB
    : /(seconds|time|wait|makespan)/.test(lower) && !/rate|per|count|occurrences/.test(lower)
      ? SECONDS
      : { unit: '', scale: 1 };
  const label = name.split('.').map(spell).join(', ');
  return { name, label: label.charAt(0).toUpperCase() + label.slice(1), ...unit, direction: 'neither' };
}

/** `Mean job execution time (s)`: the label with its unit, for axes and table heads. */
export function metricTitle(info: MetricInfo): string {
  return info.unit === '' ? info.label : `${info.label} (${info.unit})`;
}

/** `lower is better` / `higher is better` / `neither better nor worse`. */
export function directionNote(info: MetricInfo): string {
  return info.direction === 'neither' ? 'neither better nor worse' : `${info.direction} is better`;
}
