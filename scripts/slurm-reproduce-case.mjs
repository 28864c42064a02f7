/**
 * The `rackwise reproduce … --emit slurm` case of scripts/check-sweep-on-slurm.mjs: a
 * part of Shadow's quick grid (seed 1, its six shadow-fb cells: 24 batches, about 12
 * CPU-s) is run whole and, as an emitted array script of two shards, through `sbatch
 * --wait`; each task must run its half of the batches, and the map read back from the
 * shards' runs must equal the whole run's, but for the times it took.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The grid part both sides run. */
export const REPRODUCE = ['reproduce', 'shadow', '--quick', '--seeds', '1', '--only', 'preset=shadow-fb'];
const SHARDS = 2;
/**
 * Fields of a map that say how long it took and how many runs its own command made (the
 * rest read from the results directory), not what it found.
 */
const TIMES = new Set(['wallSeconds', 'secondsPerSimulation', 'cpuSeconds', 'simulatedNow']);

/** A map file's JSON without its times and run counts. */
function mapWithoutTimes(path) {
  return JSON.stringify(
    JSON.parse(readFileSync(path, 'utf8'), (key, value) => (TIMES.has(key) ? undefined : value)),
  );
}

/**
 * Emits the script from `wholeDir` (where the whole run wrote `whole.json`), submits it
 * in a fresh directory, and checks the tasks' logs and the map read back.
 * `tools`: `{ rackwise, submit, emitted, taskLog, check }` of the calling check.
 */
export async function checkReproduceOnSlurm(wholeDir, tools) {
  const { rackwise, submit, emitted, taskLog, check } = tools;
  const emit = rackwise(wholeDir, [
    ...REPRODUCE,
    '--emit',
    'slurm',
    '--shards',
    String(SHARDS),
    '--out',
    'runs',
  ]);
  if (!check(emit.status === 0, `reproduce: --emit slurm exited ${emit.status}: ${emit.stderr}`)) return;
  const cwd = emitted('reproduce', emit.stdout);
  const job = submit(cwd, []);
  const id = await job.id;
  const end = await job.done;
  check(end.code === 0, `reproduce: sbatch --wait exited ${end.code}: ${end.err}`);
  for (let task = 0; task < SHARDS; task++) {
    const text = taskLog(cwd, id, task);
    check(
      text.includes(`shard ${task}/${SHARDS}: ran 12 of its 12 batches, 0 already done`),
      `reproduce: task ${task}'s log: ${text}`,
    );
  }
  const runs = readdirSync(join(cwd, 'runs')).length;
  const read = rackwise(cwd, [...REPRODUCE, '--out', 'runs', '--json', 'map.json', '-q']);
  if (!check(read.status === 0, `reproduce: reading the shards' runs exited ${read.status}: ${read.stderr}`))
    return;
  check(
    readdirSync(join(cwd, 'runs')).length === runs,
    `reproduce: reading the map simulated runs the shards had not written (${runs} before)`,
  );
  check(
    mapWithoutTimes(join(cwd, 'map.json')) === mapWithoutTimes(join(wholeDir, 'whole.json')),
    "reproduce: the map from the shards' runs differs from the whole run's",
  );
}
