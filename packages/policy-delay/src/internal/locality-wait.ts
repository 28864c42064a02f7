import type { Seconds } from '@rackwise/types';

/** Locality levels of delay scheduling: 0 node-local, 1 rack-local, 2 any. */
export type LocalityLevel = 0 | 1 | 2;

/** One job's delay state (Zaharia et al., EuroSys 2010, Algorithm 3: `j.level`, `j.wait`). */
export interface JobWait {
  /** Level of the job's last launched map: it may launch at this level without waiting. */
  level: LocalityLevel;
  /** Offers the job was passed over since its last launch (`by: 'skips'`). */
  skips: number;
  /** Time it was first passed over since its last launch (`by: 'time'`). */
  waitingSince: Seconds | undefined;
}

/**
 * The most relaxed level a job may launch at: from its last level, each further level
 * is earned by waiting that level's threshold (`[node, rack]`, in skips or seconds).
 */
export function allowedLevel(
  wait: JobWait,
  waited: number,
  thresholds: readonly [number, number],
): LocalityLevel {
  if (wait.level === 2) return 2;
  const toRack = wait.level === 0 ? thresholds[0] : 0;
  if (waited < toRack) return wait.level;
  return waited - toRack >= thresholds[1] ? 2 : 1;
}
