import type { ExperimentResult } from '@rackwise/experiments';

/** The mean over seeds of one of the baseline policy's metrics, if the result holds it. */
function baselineMean(result: ExperimentResult, metric: string): number | undefined {
  const policy = result.policies.find((p) => p.policy === result.baseline) ?? result.policies[0];
  const mean = policy?.spread[metric]?.mean ?? policy?.metrics[metric];
  return mean !== undefined && Number.isFinite(mean) ? mean : undefined;
}

/**
 * The load the run offered the network, in one sentence: the cross-rack shuffle the
 * jobs offered as a share of the rack uplinks' capacity (`load.offered`, the same under
 * every policy), and under the baseline what the uplinks delivered at the median and 95th
 * percentile and the share of slots used while jobs arrived, as means over the seeds.
 * `undefined` when the result holds no offered load (a coflow replay, an older result).
 */
export function offeredLoadLine(result: ExperimentResult): string | undefined {
  const offered = baselineMean(result, 'load.offered');
  if (offered === undefined) return undefined;
  const p50 = baselineMean(result, 'load.uplinkUtilisation.p50');
  const p95 = baselineMean(result, 'load.uplinkUtilisation.p95');
  const slots = baselineMean(result, 'load.slotUse');
  const under = [
    p50 === undefined || p95 === undefined
      ? undefined
      : `uplinks delivering ${p50.toFixed(2)} at the median and ${p95.toFixed(2)} at the 95th percentile`,
    slots === undefined ? undefined : `slots ${Math.round(slots * 100)} % used`,
  ].filter((part) => part !== undefined);
  const seeds = result.seeds.length;
  const over = seeds === 1 ? 'one seed' : `mean over ${seeds} seeds`;
  const detail = under.length === 0 ? over : `${under.join(', ')} under ${result.baseline}; ${over}`;
  return `Offered load: ${offered.toFixed(2)} of the rack uplinks' capacity in cross-rack shuffle (${detail}).`;
}
