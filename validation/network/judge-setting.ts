/**
 * `pnpm validate:network:judge <setting>…`: network settings against packet-level TCP on
 * the families a faster model must match (all-to-all, mice and elephants, FB-2010 flows),
 * beside the exact model — the check a new setting passes before it becomes a preset's
 * (docs/network-model-error.md: per-flow FCT error at most the exact model's plus 5 points).
 *
 * Each setting is a `networkSetting()` text (`day-long`, `day-long,resolveTolerance=0.05`).
 * ns-3 runs once per scenario under the reference TCP setting (reno-200ms) and is cached by
 * content (validation/.cache), as `pnpm validate:network` caches it. Prints, per family
 * and setting, the median over the family's scenarios (with its range) of the p90 of the
 * per-flow |FCT error| over flows of at least 100 KB, and of the median per-job shuffle
 * completion |error|; writes `validation/judge-setting.json`.
 */
import { writeFileSync } from 'node:fs';
import { networkSetting } from '@rackwise/experiments';
import { evaluateSetting, harnessHash, referenceTiming } from './evaluate.js';
import { fb2010Scenarios } from './fb2010-traces.js';
import { TCP_SETTINGS } from './ns3.js';
import { type Scenario, syntheticScenarios } from './scenarios.js';

const texts = ['exact', ...process.argv.slice(2).filter((a) => a !== '--')];
const settings = texts.map((text) => ({ text, settings: networkSetting(text) }));
const scenarios: Scenario[] = [
  ...syntheticScenarios(false).filter((s) => s.family !== 'incast'),
  ...(await fb2010Scenarios(false)),
];
const hash = harnessHash();
const reference = TCP_SETTINGS['reno-200ms']!;
type Row = {
  scenario: string;
  family: string;
  setting: string;
  flowsP90: number;
  jobsP50: number;
  cpu: number;
};
const rows: Row[] = [];
for (const scenario of scenarios) {
  const timing = referenceTiming(scenario, reference, hash);
  for (const { text, settings: s } of settings) {
    const result = evaluateSetting(scenario, text, s, timing);
    rows.push({
      scenario: scenario.name,
      family: scenario.family,
      setting: text,
      flowsP90: result.comparison.largeFlows.absP90,
      jobsP50: result.comparison.jobs.absP50,
      cpu: result.cpuSeconds,
    });
  }
  process.stderr.write(`${scenario.name}: ns-3 ${timing.cpuSeconds.toFixed(0)} CPU s\n`);
}
const median = (v: number[]): number => {
  const s = v.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : s.length % 2 === 1
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const lines = [
  '| family | setting | per-flow p90 \\|error\\| (≥ 100 KB) | per-job shuffle \\|error\\| p50 | replay CPU s |',
  '|---|---|---|---|---|',
];
for (const family of [...new Set(rows.map((r) => r.family))]) {
  for (const { text } of settings) {
    const mine = rows.filter((r) => r.family === family && r.setting === text);
    const f = mine.map((r) => r.flowsP90);
    const j = mine.map((r) => r.jobsP50);
    lines.push(
      `| ${family} | ${text} | ${pct(median(f))} (${pct(Math.min(...f))} … ${pct(Math.max(...f))}) | ${pct(median(j))} (${pct(Math.min(...j))} … ${pct(Math.max(...j))}) | ${mine.reduce((s, r) => s + r.cpu, 0).toFixed(1)} |`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
writeFileSync(
  new URL('../judge-setting.json', import.meta.url),
  `${JSON.stringify({ settings: texts, rows }, null, 2)}\n`,
);
