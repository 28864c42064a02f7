import type { Bytes, ClusterView } from '@rackwise/types';
import type { MetricsOptions } from '../metrics-options.js';

/** The metrics options checked, with their defaults filled in, as the engine takes them. */
export interface MetricsSettings {
  readonly congestionThreshold: number;
  readonly congestedNodeThreshold: number | undefined;
  readonly congestionHysteresis: number;
  readonly liveNodeThreshold?: (view: ClusterView) => Bytes;
  /** Seconds between series samples; undefined when no series is recorded. */
  readonly seriesInterval: number | undefined;
}

const DEFAULT_DECISION_LIMIT = 100_000;

/** Checks the metrics options (an `Error` names the field) and fills in the defaults. */
export function resolveMetricsSettings(options: MetricsOptions | undefined): MetricsSettings {
  const metrics = options ?? {};
  const congestionThreshold = metrics.congestionThreshold ?? 0.8;
  if (!(typeof congestionThreshold === 'number' && congestionThreshold > 0 && congestionThreshold <= 1)) {
    throw new Error(
      `metrics.congestionThreshold must be a fraction in (0, 1], got ${String(congestionThreshold)}`,
    );
  }
  const nodeThreshold = metrics.congestedNodeThreshold;
  if (nodeThreshold !== undefined && !(typeof nodeThreshold === 'number' && nodeThreshold >= 0)) {
    throw new Error(
      `metrics.congestedNodeThreshold must be a number of bytes >= 0, got ${String(nodeThreshold)}`,
    );
  }
  const hysteresis = metrics.congestionHysteresis ?? 0.1;
  if (!(typeof hysteresis === 'number' && hysteresis >= 0 && hysteresis <= congestionThreshold)) {
    throw new Error(
      `metrics.congestionHysteresis must be a number in [0, congestionThreshold], got ${String(hysteresis)}`,
    );
  }
  const live = metrics.liveNodeThreshold;
  if (live !== undefined && typeof live !== 'function') {
    throw new Error(`metrics.liveNodeThreshold must be a function of the view, got ${String(live)}`);
  }
  const seriesInterval = metrics.seriesInterval ?? 60;
  if (!(typeof seriesInterval === 'number' && Number.isFinite(seriesInterval) && seriesInterval > 0)) {
    throw new Error(
      `metrics.seriesInterval must be a positive finite number of seconds, got ${String(seriesInterval)}`,
    );
  }
  return {
    congestionThreshold,
    congestedNodeThreshold: nodeThreshold,
    congestionHysteresis: hysteresis,
    ...(live === undefined ? {} : { liveNodeThreshold: live }),
    seriesInterval: metrics.recordSeries === false ? undefined : seriesInterval,
  };
}

/**
 * How many decisions the run keeps: `true` the first 100,000, `false` none, an integer
 * that many; anything else throws.
 */
export function resolveDecisionLimit(recordDecisions: boolean | number | undefined): number {
  const record = recordDecisions ?? false;
  const decisionLimit =
    record === true
      ? DEFAULT_DECISION_LIMIT
      : record === false
        ? 0
        : Number.isInteger(record) && record >= 0
          ? record
          : -1;
  if (decisionLimit < 0) {
    throw new Error(`recordDecisions must be a boolean or an integer >= 0, got ${String(record)}`);
  }
  return decisionLimit;
}
