/**
 * Text the map's Markdown and its HTML page both write: the verdicts' marks, shares in
 * whole per cent, and the lines that say which grid a paper's section ran.
 */
import { paperClaims } from './claim-registry.js';
import type { ClaimOutcome } from './evaluate-claim.js';
import type { ReproductionMap } from './reproduce-paper.js';

/** The mark of each verdict in the map's tables and charts. */
export const MARK: Readonly<Record<ClaimOutcome['verdict'], string>> = {
  holds: '✓',
  mixed: '~',
  fails: '✗',
  unmeasured: '·',
};

/** A share as whole per cent (`42 %`), `—` when not finite. */
export const percent0 = (x: number) => (Number.isFinite(x) ? `${Math.round(100 * x)} %` : '—');

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

/** The presets a map's cells start from: the paper's, or the cells' own (`preset` axis). */
function presetsOf(map: ReproductionMap): string {
  const own = [...new Set(map.grid.cells.map((c) => c.axes.preset).filter((p) => p !== undefined))];
  const names = own.length === 0 ? [map.preset] : own.map(String);
  return `${names.length === 1 ? 'preset' : 'presets'} ${names.map((n) => `\`${n}\``).join(', ')}`;
}

/** The seeds the paper's grid runs when none are given, as `1,2,3`; the map's own when the paper is not registered. */
function gridSeeds(map: ReproductionMap): string {
  try {
    const paper = paperClaims(map.paper);
    return (map.quick ? paper.quickGrid() : paper.fullGrid()).seeds.join(',');
  } catch {
    return map.grid.seeds.join(',');
  }
}

/**
 * The grid of a paper's section in Markdown: the command that runs it as the map did, its
 * presets, trace and cells; then the simulations it took.
 */
export function gridLines(map: ReproductionMap): [string, string] {
  return [`\`${gridCommand(map)}\` on ${presetsOf(map)}: ${map.grid.description}.`, simulationsLine(map)];
}

/** The command that ran a map's grid: its paper, and the options that set the grid. */
export function gridCommand(map: ReproductionMap): string {
  const only =
    map.only === undefined
      ? ''
      : ` --only ${Object.entries(map.only)
          .map(([a, v]) => `${a}=${v}`)
          .join(',')}`;
  const loss = map.loss === undefined ? '' : ` --loss ${map.loss.join(',')}`;
  const seeds =
    map.adaptive !== undefined
      ? ` --seeds adaptive:${map.adaptive.min}..${map.adaptive.max}`
      : gridSeeds(map) === map.grid.seeds.join(',')
        ? ''
        : ` --seeds ${map.grid.seeds.join(',')}`;
  const trace = map.trace === undefined ? '' : ` --trace ${map.trace}`;
  return `rackwise reproduce ${map.paper}${map.quick ? ' --quick' : ''}${seeds}${loss}${only}${trace}`;
}

/**
 * How many simulations the map rests on and what its command's clock read; a command
 * that resumed an interrupted grid says how many it ran itself, since the rest cost it
 * nothing (the provenance's CPU cost counts every run).
 */
export function simulationsLine(map: ReproductionMap): string {
  const wall = `${Math.round(map.wallSeconds)} s`;
  const now = map.simulatedNow;
  if (now === undefined || now === map.simulations)
    return `${map.simulations} simulations, ${wall} (${map.secondsPerSimulation.toFixed(1)} s each on average).`;
  return `${map.simulations} simulations; the command that wrote this map ran ${now} of them in ${wall} and read the other ${map.simulations - now} from its results directory, kept by an earlier run.`;
}
