/**
 * The document's opening list, "In plain words": one item per paper, its paragraph over
 * all its maps (`paperSummary`). Each map's own paragraph stands at the head of its section.
 */
import { gridCommand } from './map-text.js';
import { paperSummary } from './paper-summary.js';
import type { ReproductionMap } from './reproduce-paper.js';

/** The start of a paper's item: its title, which all its maps share. */
export const paperItemPrefix = (map: ReproductionMap): string => `- **${map.title}**`;

/** A paper's item: its paragraph over its maps (all of one paper). */
export const paperItem = (maps: readonly ReproductionMap[]): string =>
  `${paperItemPrefix(maps[0]!)}: ${paperSummary(maps)}`;

/**
 * A paper's item where one of its maps was regenerated alone: the paragraph of that map,
 * saying so (the document does not hold the paper's other maps).
 */
export const paperItemAlone = (map: ReproductionMap): string =>
  `${paperItemPrefix(map)} (from \`${gridCommand(map)}\` alone): ${paperSummary([map])}`;

/**
 * The map that speaks for its paper: its first full grid (or part of one) on the paper's
 * own trace, else its first full grid, else its first map.
 */
export function principalMap(maps: readonly ReproductionMap[], paper: string): ReproductionMap | undefined {
  const own = maps.filter((m) => m.paper === paper);
  return own.find((m) => !m.quick && m.trace === undefined) ?? own.find((m) => !m.quick) ?? own[0];
}

/** The opening list: one item per paper, in the maps' order. */
export function plainWordsList(maps: readonly ReproductionMap[]): string[] {
  return [...new Set(maps.map((m) => m.paper))].map((paper) =>
    paperItem(maps.filter((m) => m.paper === paper)),
  );
}
