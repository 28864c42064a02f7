/**
 * What another congestion-loss model changes in a map whose cells ran under more than one
 * (`reproduce --loss none,congestion-cost`), in words: per model, the claims whose verdict
 * changes against the same cell without loss, where, and how many more it moves beyond the
 * seed spread with the verdict kept.
 */
import type { ClaimOutcome } from './evaluate-claim.js';
import { differBeyondSpread, twinCell } from './map-in-words.js';
import { outcomeAt } from './map-series.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';
import { allCells, countWord, listText } from './word-lists.js';

const VERDICT: Readonly<Record<ClaimOutcome['verdict'], string>> = {
  holds: 'holds in every seed',
  mixed: 'holds in the mean only',
  fails: 'fails',
  unmeasured: 'is not measured',
};

/** Each cell's twin without loss: the cell of loss `none` with every other axis equal; −1 if none. */
function twinsWithoutLoss(map: ReproductionMap): number[] {
  const cells = map.grid.cells;
  return cells.map((cell, i) =>
    cell.axes.loss === undefined || cell.axes.loss === 'none' ? -1 : twinCell(cells, i, 'loss', 'none'),
  );
}

/** Where a cell sits along the map's load axis (its heading), or its label. */
function place(map: ReproductionMap, cell: number): string {
  const axes = map.grid.cells[cell]!.axes;
  const step = axes[map.loadAxis.axis];
  return step === undefined ? map.grid.cells[cell]!.label : String(step);
}

/**
 * Places named once each, in order, and how many cells they hold when a place holds more
 * than one (the cells of other axes, such as the readings, at the same load).
 */
function placesText(places: readonly string[]): string {
  const distinct = [...new Set(places)];
  const text = listText(distinct);
  return distinct.length === places.length ? text : `${text} in ${countWord(places.length)} cells`;
}

/** One loss model's effect in one sentence, or `undefined` when the map has no cell of it with a twin. */
function modelSentence(map: ReproductionMap, loss: string, twins: readonly number[]): string | undefined {
  const cells = twins.flatMap((twin, i) => (twin >= 0 && map.grid.cells[i]!.axes.loss === loss ? [i] : []));
  if (cells.length === 0) return undefined;
  const changed = new Map<ClaimMap, number[]>();
  const moved = new Set<ClaimMap>();
  let measured = 0;
  for (const claim of map.claims) {
    let read = false;
    for (const i of cells) {
      const [under, without] = [outcomeAt(claim, i), outcomeAt(claim, twins[i]!)];
      if (under.verdict === 'unmeasured' || without.verdict === 'unmeasured') continue;
      read = true;
      if (under.verdict !== without.verdict) changed.set(claim, [...(changed.get(claim) ?? []), i]);
      else if (differBeyondSpread(under, without)) moved.add(claim);
    }
    if (read) measured++;
  }
  for (const claim of changed.keys()) moved.delete(claim);
  const model = `the \`${loss}\` loss model`;
  const more =
    moved.size === 0
      ? 'and none moves beyond the seed spread with its verdict kept'
      : `and ${countWord(moved.size)}${changed.size > 0 ? ' more' : ''} ${moved.size === 1 ? 'moves' : 'move'} beyond the seed spread with ${moved.size === 1 ? 'its verdict' : 'their verdicts'} kept`;
  if (changed.size === 0)
    return `Under ${model}, no claim of the ${measured === 1 ? 'one' : measured} measured changes its verdict in any cell, ${more}.`;
  const headline = [...changed.entries()].filter(([claim]) => map.headline.includes(claim.claim.id));
  const told = headline.map(([claim, at]) => {
    // The cells with the same change of verdict named together: `0.5, 0.7 and 0.9 (fails …)`.
    const byChange = new Map<string, string[]>();
    for (const i of at) {
      const [from, to] = [outcomeAt(claim, twins[i]!).verdict, outcomeAt(claim, i).verdict];
      const change = `${VERDICT[from]} without loss, ${VERDICT[to]} under it`;
      byChange.set(change, [...(byChange.get(change) ?? []), place(map, i)]);
    }
    const steps = [...byChange].map(([change, places]) => `${placesText(places)} (${change})`);
    return `“${claim.claim.statement}” (\`${claim.claim.metric}\`) at ${map.loadAxis.label} ${listText(steps)}`;
  });
  const among =
    told.length === 0 ? ', none of them a headline claim' : `; among the headline claims, ${listText(told)}`;
  const cellCount = new Set([...changed.values()].flat()).size;
  const change = changed.size === 1 ? 'changes its verdict' : 'change their verdicts';
  const where =
    cellCount === cells.length
      ? allCells(cells.length)
      : `${countWord(cellCount)} of the ${countWord(cells.length)} cells`;
  const which =
    changed.size === measured
      ? measured === 1
        ? 'the one claim measured'
        : `all ${measured} claims measured`
      : `${countWord(changed.size)} of the ${measured} claims measured`;
  return `Under ${model}, ${which} ${change} in some cell (changes in ${where})${among}; ${more}.`;
}

/** The loss models' effects, one sentence each, or `undefined` when every cell ran without loss or the map has one setting. */
export function lossInWords(map: ReproductionMap): string | undefined {
  const settings = [...new Set(map.grid.cells.map((c) => c.axes.loss))].filter((l) => l !== undefined);
  if (settings.length < 2 || !settings.includes('none')) return undefined;
  const twins = twinsWithoutLoss(map);
  const sentences = settings
    .filter((l) => l !== 'none')
    .flatMap((l) => modelSentence(map, String(l), twins) ?? []);
  return sentences.length === 0 ? undefined : sentences.join(' ');
}
