/** Which way a metric improves. */
export type MetricDirection = 'higher' | 'lower' | 'neither';

/** How a report names a metric: a human label, its unit and which way is better. */
export interface MetricDescription {
  readonly label: string;
  /** `jobs/s`, `s`, `bytes`, `link-s`, `share`, `count`… */
  readonly unit: string;
  readonly better: MetricDirection;
}

const CLASSES = ['light', 'medium', 'heavy'] as const;

const perClass = (prefix: string, label: string): Record<string, MetricDescription> =>
  Object.fromEntries(
    CLASSES.map((c) => [
      `${prefix}.byShuffleClass.${c}.throughput`,
      { label: `${label}, shuffle-${c} jobs`, unit: 'jobs/s', better: 'higher' },
    ]),
  );

/**
 * Descriptions of the metrics that tell where a paper's claim holds (issue "honest
 * metrics"): congestion with hysteresis and link-seconds, MTS's congested nodes, the
 * arrival-window throughput and every headline metric without degenerate jobs.
 */
export const METRIC_DESCRIPTIONS: Readonly<Record<string, MetricDescription>> = Object.freeze({
  'congestion.occurrences': {
    label: 'Cross-rack congestion occurrences (with hysteresis)',
    unit: 'count',
    better: 'lower',
  },
  'congestion.crossings': {
    label: 'Upward crossings of the congestion threshold (no hysteresis)',
    unit: 'count',
    better: 'lower',
  },
  'congestion.linkSeconds': { label: 'Congested rack-link seconds', unit: 'link-s', better: 'lower' },
  'congestion.maxRackOccurrences': {
    label: 'Congestion occurrences of the busiest rack',
    unit: 'count',
    better: 'lower',
  },
  'congestion.maxRackLinkSeconds': {
    label: 'Congested link-seconds of the busiest rack',
    unit: 'link-s',
    better: 'lower',
  },
  'mtsCongestedNodes.share': {
    label: "Nodes over MTS's live TrafficThreshold",
    unit: 'share',
    better: 'lower',
  },
  throughputWhileArriving: {
    label: 'Throughput while jobs arrive',
    unit: 'jobs/s',
    better: 'higher',
  },
  'withoutDegenerate.degenerateJobs': {
    label: 'Degenerate jobs left out',
    unit: 'count',
    better: 'neither',
  },
  'withoutDegenerate.throughput': {
    label: 'Throughput without degenerate jobs',
    unit: 'jobs/s',
    better: 'higher',
  },
  'withoutDegenerate.makespan': {
    label: 'Makespan without degenerate jobs',
    unit: 's',
    better: 'lower',
  },
  'withoutDegenerate.executionTimeMean': {
    label: 'Mean job execution time without degenerate jobs',
    unit: 's',
    better: 'lower',
  },
  'withoutDegenerate.crossRackShuffleBytes': {
    label: 'Cross-rack shuffle without degenerate jobs',
    unit: 'bytes',
    better: 'lower',
  },
  'withoutDegenerate.crossRackMapInputBytes': {
    label: 'Remote map input without degenerate jobs',
    unit: 'bytes',
    better: 'lower',
  },
  'withoutDegenerate.mapProgressAtFirstReduce': {
    label: 'MapProgressRate at first reduce without degenerate jobs',
    unit: 'share',
    better: 'neither',
  },
  ...perClass('withoutDegenerate', 'Throughput without degenerate jobs'),
});

/** The description of a metric, or undefined when none is catalogued. */
export function describeMetric(name: string): MetricDescription | undefined {
  return Object.hasOwn(METRIC_DESCRIPTIONS, name) ? METRIC_DESCRIPTIONS[name] : undefined;
}
