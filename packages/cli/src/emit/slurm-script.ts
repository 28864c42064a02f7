import {
  MEMORY_PER_SIMULATION_GIB,
  type ShardedRun,
  finishArguments,
  shardCommand,
  shellQuote,
} from './sharded-run.js';

/**
 * The `#SBATCH` options the emitted script uses, all documented in sbatch(1): one array
 * task per shard, `--parallel` CPUs each and memory per CPU, a log per task kept across
 * a re-queue, re-queueing allowed (a re-queued task resumes).
 */
export const SLURM_OPTIONS = [
  '--job-name',
  '--array',
  '--ntasks',
  '--cpus-per-task',
  '--mem-per-cpu',
  '--output',
  '--open-mode',
  '--requeue',
] as const;

/**
 * A Slurm array job script (`sbatch sweep.sh`): array task `SLURM_ARRAY_TASK_ID` runs
 * `rackwise sweep … --shard $SLURM_ARRAY_TASK_ID/N --out <dir>` with the exact published
 * package, on `SLURM_CPUS_PER_TASK` worker threads, from which `rackwise merge <dir>`
 * joins the cells. The working directory (where it is submitted, or `--chdir`) and the
 * results directory must be on a file system every node shares; sbatch's command line
 * overrides every request of the script.
 */
export function slurmArrayScript(run: ShardedRun): string {
  const out = run.out ?? run.name;
  const command = shardCommand(run, out);
  const finish = finishArguments(run, out);
  // A sweep's shards write cells; other commands' shards write runs.
  const [item, script] = run.units === undefined ? ['cells', 'sweep.sh'] : ['runs', 'reproduce.sh'];
  return `#!/bin/bash
# ${run.cells} ${run.units ?? 'cells of a rackwise sweep'} in ${run.shards} shards, one array task each, run by ${run.package}.
#
# Shared file system: submit from a directory every node of the cluster sees (or give
# --chdir): it is each task's working directory and holds the task logs, and the ${item}
# go to ${shellQuote(out)}${out.startsWith('/') ? '' : ' (relative to it)'}, which must be shared too: \`${finish[0]}\` reads every ${run.units === undefined ? 'cell' : 'result'} there.
# Every node needs Node.js 20 or later on PATH (module load, or an export here); npx
# fetches ${run.package} into the npm cache (~/.npm) the first time it runs.
# Before publishing: ${run.package} must be on the npm registry for npx to fetch it. Until
# it is, replace \`npx --yes ${run.package}\` below with \`node <clone>/packages/cli/dist/bin.js\`,
# a built clone of the repository on the shared file system.
# The requests below are defaults; sbatch's own options win over them, e.g.
#   sbatch --cpus-per-task=4 --mem-per-cpu=4G --time=2:00:00 --partition=long ${script}
# runs each shard's simulations on 4 worker threads. A task that is re-queued
# (preemption, a failed node) skips the ${item} it already wrote and runs the rest.
#SBATCH --job-name=${run.name}
#SBATCH --array=0-${run.shards - 1}
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=${run.parallel}
#SBATCH --mem-per-cpu=${MEMORY_PER_SIMULATION_GIB}G
#SBATCH --output=${run.name}-%A_%a.out
#SBATCH --open-mode=append
#SBATCH --requeue
${(run.note ?? []).map((line) => `# ${line}\n`).join('')}# When every task is done: npx --yes ${run.package} ${finish.map(shellQuote).join(' ')}
set -euo pipefail
${command} --parallel "\${SLURM_CPUS_PER_TASK:-${run.parallel}}" --shard "\${SLURM_ARRAY_TASK_ID}/${run.shards}"
`;
}
