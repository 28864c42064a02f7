/**
 * What recording decision evidence costs: one policy on a slice of the FB-2010 trace at
 * nas-sim scale (no network by default, so policy work dominates), once with evidence off
 * and once on, each in a fresh process; prints CPU seconds of the simulation.
 *
 *   node --conditions=@rackwise/source --import tsx host/bench/evidence-cost.ts [policy] [hours] [network]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simulate } from '@rackwise/engine';
import {
  applyOverrides,
  buildWorkload,
  defaultPolicyRegistry,
  experimentPreset,
} from '@rackwise/experiments';
import { buildTopology } from '@rackwise/topology';

const [policy = 'nas', hoursText = '1', network, mode] = process.argv.slice(2);
if (mode === undefined) {
  const rows = ['off', 'on'].map((evidence) => {
    const child = spawnSync(
      process.execPath,
      [
        '--conditions=@rackwise/source',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        policy,
        hoursText,
        network ?? 'no-network',
        evidence,
      ],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout.trim().split('\n').at(-1)!);
  });
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  const preset = applyOverrides(experimentPreset('nas-sim'), {
    hours: Number(hoursText),
    ...(network === 'network' ? {} : { engine: { network: false } }),
  });
  const registry = defaultPolicyRegistry();
  const workload = buildWorkload(preset.workload, preset.storage, 1);
  const topology = buildTopology(preset.topology);
  const before = process.cpuUsage();
  const result = simulate({
    topology,
    workload,
    seed: 1,
    recordEvidence: mode === 'on',
    policy: (context) => registry.create(policy, preset.policyConfig[policy], context),
    parameters: preset.engine,
    metrics: { recordSeries: false },
  });
  const cpu = process.cpuUsage(before);
  process.stdout.write(
    `${JSON.stringify({ policy, hours: Number(hoursText), network: network === 'network', evidence: mode, cpuSeconds: (cpu.user + cpu.system) / 1e6, offers: result.stats.offers, jobsCompleted: result.metrics.jobsCompleted })}\n`,
  );
}
