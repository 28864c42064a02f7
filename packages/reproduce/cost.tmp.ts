import { runExperiment } from '@rackwise/experiments';
import { paperClaims } from './src/claim-registry.js';
import { cellPreset } from './src/reproduce-paper.js';
const [paperName, cellsArg, policiesArg] = process.argv.slice(2);
const paper = paperClaims(paperName!);
const grid = process.env.FULL ? paper.fullGrid() : paper.quickGrid();
for (const i of cellsArg!.split(',').map(Number)) {
  const cell = grid.cells[i]!;
  for (const policy of (policiesArg ?? '').split(',').filter(Boolean).length ? policiesArg!.split(',') : (cell.policies ?? paper.policies)) {
    const preset = cellPreset(paper, cell, policy);
    const t0 = process.cpuUsage();
    const r = await runExperiment({ preset, policies: [policy], seeds: [1], parallelism: 1 });
    const cpu = process.cpuUsage(t0);
    const m = r.policies[0]!.runs[0]!.metrics;
    console.log(cell.label, policy, ((cpu.user + cpu.system) / 1e6).toFixed(1), 's', 'offered', m['load.offered']?.toFixed(3), 'p95', m['load.uplinkUtilisation.p95']?.toFixed(2), 'slots', m['load.slotUse']?.toFixed(2), 'jobs', m['jobs'] ?? '');
  }
}
