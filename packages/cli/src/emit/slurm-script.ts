import { type ShardedRun, shardCommand, shellQuote } from './emit-sweep.js';

/**
 * The `#SBATCH` options the emitted script uses, all documented in sbatch(1): one array
 * task per shard, one CPU each, a log per task.
 */
export const SLURM_OPTIONS = [
  '--job-name',
  '--array',
  '--ntasks',
  '--cpus-per-task',
  '--mem',
  '--output',
] as const;

/**
 * A Slurm array job script (`sbatch sweep.sh`): array task `SLURM_ARRAY_TASK_ID` runs
 * `rackwise sweep … --shard $SLURM_ARRAY_TASK_ID/N --out <dir>` with the published
 * package on a shared file system, from which `rackwise merge <dir>` joins the cells.
 */
export function slurmArrayScript(run: ShardedRun): string {
  const out = run.out ?? run.name;
  const command = shardCommand(run, out);
  return `#!/bin/bash
#SBATCH --job-name=${run.name}
#SBATCH --array=0-${run.shards - 1}
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --output=${run.name}-%A_%a.out
# ${run.cells} cells in ${run.shards} shards; every task writes its cells to ${out}.
# When all are done: npx --yes ${run.package} merge ${shellQuote(out)} --html report.html
set -euo pipefail
${command} --shard "\${SLURM_ARRAY_TASK_ID}/${run.shards}"
`;
}
