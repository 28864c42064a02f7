/**
 * The document's opening list, "In plain words": one item per paper, the paragraph of its
 * principal map, and under it a line for each of the paper's other maps (its headline
 * claims only: the readings and the tally are the principal's) and for each comparison
 * of two traces.
 */
import { gridCommand } from './map-text.js';
import { headlinesInWords, paperInWords } from './plain-words.js';
import type { ReproductionMap } from './reproduce-paper.js';
import { traceComparisonSummary } from './trace-agreement-text.js';
import type { TraceComparison } from './trace-agreement.js';

/** The start of a paper's item: its title, which all its maps share. */
export const paperItemPrefix = (map: ReproductionMap): string => `- **${map.title}** (\``;

/** The start of a principal map's item: the paper and the grid it ran. */
export const principalPrefix = (map: ReproductionMap): string =>
  `${paperItemPrefix(map)}${gridCommand(map)}\`): `;

/** The start of another map's line under its paper's item. */
export const otherPrefix = (map: ReproductionMap): string => `  - Also \`${gridCommand(map)}\`: `;

/** A principal map's item: its paper in one paragraph. */
export const principalLine = (map: ReproductionMap): string => `${principalPrefix(map)}${paperInWords(map)}`;

/** Another map's line: its headline claims. */
export const otherLine = (map: ReproductionMap): string => `${otherPrefix(map)}${headlinesInWords(map)}`;

/**
 * The map that speaks for its paper: its first full grid (or part of one) on the paper's
 * own trace, else its first full grid, else its first map.
 */
export function principalMap(maps: readonly ReproductionMap[], paper: string): ReproductionMap | undefined {
  const own = maps.filter((m) => m.paper === paper);
  return own.find((m) => !m.quick && m.trace === undefined) ?? own.find((m) => !m.quick) ?? own[0];
}

/** The opening list: per paper in the maps' order, its principal item, its other maps, its trace comparisons. */
export function plainWordsList(
  maps: readonly ReproductionMap[],
  comparisons: readonly TraceComparison[],
): string[] {
  const lines: string[] = [];
  for (const paper of new Set(maps.map((m) => m.paper))) {
    const principal = principalMap(maps, paper)!;
    lines.push(principalLine(principal));
    for (const map of maps) if (map.paper === paper && map !== principal) lines.push(otherLine(map));
    for (const c of comparisons) if (c.maps[0].paper === paper) lines.push(`  ${traceComparisonSummary(c)}`);
  }
  return lines;
}
