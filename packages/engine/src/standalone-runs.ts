import type { JobRecord } from '@rackwise/metrics';
import type { JobSpec, Seconds } from '@rackwise/types';
import { type SimulationConfig, simulate } from './simulation.js';

/**
 * The key under which jobs count as the same job for stand-alone runs: equal sizes,
 * map and reduce counts (FCS Tables 1 and 3: the jobs of a group are identical).
 */
export function standaloneKey(
  job: Pick<JobSpec, 'inputBytes' | 'shuffleBytes' | 'outputBytes' | 'mapCount' | 'reduceCount'>,
): string {
  return `${job.mapCount}/${job.reduceCount}/${job.inputBytes}/${job.shuffleBytes}/${job.outputBytes}`;
}

/**
 * Each distinct job of `config.workload` ({@link standaloneKey}) run alone on the empty
 * cluster, submitted at 0, under the same topology, parameters, seed and policy: its
 * execution time by key (FCS §1 and §5.1, "stand-alone execution time"). A job that does
 * not finish (`maxTime`) gets NaN.
 */
export function standaloneExecutionTimes(
  config: Omit<SimulationConfig, 'onProgress' | 'recordDecisions'>,
): Map<string, Seconds> {
  const times = new Map<string, Seconds>();
  for (const job of config.workload.jobs) {
    const key = standaloneKey(job);
    if (times.has(key)) continue;
    const alone = simulate({
      ...config,
      workload: {
        ...config.workload,
        name: `${config.workload.name}/standalone`,
        jobs: [{ ...job, submitTime: 0 }],
      },
      metrics: { ...config.metrics, recordSeries: false },
    });
    const record = alone.jobs[0];
    times.set(key, record?.finished === true ? record.executionTime : Number.NaN);
  }
  return times;
}
