/**
 * `pnpm validate:network [--quick]`: every network setting of the engine against
 * packet-level TCP (ns-3) on the same flows, written to docs/network-validation.md.
 * `--kernel [--quick]`: against the Linux kernel's TCP instead (`validation/kernel/`).
 *
 * Full: scenario families (a)–(d), ns-3 under each TCP setting the family needs, every
 * model setting replayed, corrections fitted on the calibration half and judged on the
 * held-out half. `--quick`: one small all-to-all shuffle end to end, checked against the
 * committed reference figures (`quick-reference.json`) within stated tolerances.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { NETWORK_SETTINGS } from '@rackwise/experiments';
import { kernelMain } from '../kernel/validate-kernel.js';
import { type CollectedResults, collect } from './collect.js';
import { rebaseCommittedCuts } from './rebase-cuts.js';
import { writeReport } from './report.js';

const REFERENCE = new URL('./quick-reference.json', import.meta.url).pathname;
/** The quick check's counts, read by the test summary. */
const QUICK_CHECK = new URL('../quick-check.json', import.meta.url).pathname;

/** Tolerances of the quick check: ns-3's own figures, and each model setting's error. */
const TOLERANCE = { ns3Relative: 0.05, errorPoints: 0.05 } as const;

/** The figures the quick check keeps: ns-3's median FCT and each setting's paired errors. */
function quickFigures(results: CollectedResults): Record<string, number> {
  const scenario = results.scenarios[0]!;
  const figures: Record<string, number> = {};
  const reference = scenario.references['reno-200ms']!;
  figures['ns3.medianFct'] = reference.medianFct;
  figures['ns3.lastByte'] = reference.lastByte;
  for (const name of Object.keys(NETWORK_SETTINGS)) {
    const row = scenario.settings[name]!['reno-200ms']!;
    figures[`${name}.flows.absP50`] = row.largeFlows.absP50;
    figures[`${name}.reduces.absP50`] = row.reduces.absP50;
  }
  return figures;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--kernel')) return kernelMain(argv);
  if (argv.includes('--rebase-cuts')) {
    writeReport(await rebaseCommittedCuts());
    return 0;
  }
  const quick = argv.includes('--quick');
  const update = argv.includes('--update-reference');
  const started = performance.now();
  const results = await collect(quick, (line) => process.stderr.write(`${line}\n`));
  if (!quick) {
    writeReport(results);
    process.stderr.write(
      `docs/network-validation.md written in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
    return 0;
  }
  const figures = quickFigures(results);
  if (update) {
    writeFileSync(REFERENCE, `${JSON.stringify({ tolerance: TOLERANCE, figures }, null, 2)}\n`);
    process.stderr.write(`quick reference written: ${REFERENCE}\n`);
    return 0;
  }
  const committed = JSON.parse(readFileSync(REFERENCE, 'utf8')) as { figures: Record<string, number> };
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(committed.figures)) {
    const got = figures[name];
    if (got === undefined) {
      problems.push(`${name}: missing`);
      continue;
    }
    const ok = name.startsWith('ns3.')
      ? Math.abs(got / expected - 1) <= TOLERANCE.ns3Relative
      : Math.abs(got - expected) <= TOLERANCE.errorPoints;
    const line = `${name.padEnd(36)} ${got.toFixed(4).padStart(9)} (reference ${expected.toFixed(4)})`;
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${line}\n`);
    if (!ok) problems.push(line);
  }
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(
    QUICK_CHECK,
    `${JSON.stringify({ numPassedTests: Object.keys(committed.figures).length - problems.length, numFailedTests: problems.length, seconds })}\n`,
  );
  process.stdout.write(
    `network validation --quick: ${Object.keys(committed.figures).length - problems.length} passed, ${problems.length} failed (${seconds.toFixed(0)} s)\n`,
  );
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
