import type { Bytes, ClusterView, Seconds } from '@rackwise/types';

/** What to record besides the always-on metrics. */
export interface MetricsOptions {
  /**
   * Utilisation at or above which a rack link counts as congested (docs/architecture.md §7).
   * Default 0.8.
   */
  readonly congestionThreshold?: number;
  /**
   * Outstanding map output above which a node counts as congested — NAS's
   * TrafficThreshold, computed by the caller. Without it `congestedNodes.share` is NaN.
   */
  readonly congestedNodeThreshold?: Bytes;
  /**
   * Hysteresis of `congestion.occurrences`: an occurrence ends only when the link falls
   * below `congestionThreshold − congestionHysteresis`. Default 0.1 (below 70 % for 80 %).
   */
  readonly congestionHysteresis?: number;
  /**
   * MTS's live TrafficThreshold (NAS eq. 3 on the view, e.g. `trafficThresholdFromView`
   * of @rackwise/estimators), evaluated at every monitor sample for `mtsCongestedNodes`.
   * Unmeasured (NaN) when absent.
   */
  readonly liveNodeThreshold?: (view: ClusterView) => Bytes;
  /** Record the time series. Default true. */
  readonly recordSeries?: boolean;
  /** Seconds between series samples. Default 60. */
  readonly seriesInterval?: Seconds;
}
