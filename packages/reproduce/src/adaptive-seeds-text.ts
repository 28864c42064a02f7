/**
 * What a paper's section says of a grid run with adaptive seeds (`ReproductionMap.adaptive`):
 * the rule and its error rate, which cells stopped early and after how many seeds, which
 * ran to the cap and which claims stayed undecided there, and each claim's interval at its
 * look that decided it (else its cell's last). A map without adaptive seeds gives no such text, and its section
 * reads as before.
 */
import { escapeXml, htmlTable } from '@rackwise/reports';
import type { CellSeeds } from './adaptive-seeds.js';
import { signedPercent } from './map-in-words.js';
import { mapSeries } from './map-series.js';
import { table } from './map-text.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';
import { type SequentialInterval, lookConfidence, ruleLooks } from './sequential-interval.js';
import { countWord, listText } from './word-lists.js';

/** The mark of each decision in the intervals' tables. */
const DECISION_MARK: Readonly<Record<SequentialInterval['decision'], string>> = {
  holds: '✓',
  fails: '✗',
  undecided: '?',
  unmeasured: '·',
};

/** Undecided claims named in words at most; past that, a count and the table. */
const NAMED = 3;

/** An interval as `+12 % [+5 %, +20 %]`, or the mean alone without ends. */
export function intervalText(interval: SequentialInterval): string {
  const ends = Number.isFinite(interval.low)
    ? ` [${signedPercent(interval.low)}, ${signedPercent(interval.high)}]`
    : '';
  return `${signedPercent(interval.mean)}${ends}`;
}

/** The seeds a section's claims tables average over: the grid's, or each cell's own. */
export function seedsPhrase(map: ReproductionMap): string {
  return map.adaptive === undefined
    ? `seeds ${map.grid.seeds.join(', ')}`
    : "each cell's seeds (under Seeds per cell)";
}

/** The rule in a sentence, with its error rate. */
export function ruleText(map: ReproductionMap): string {
  const rule = map.adaptive!;
  const confidence = (100 * lookConfidence(rule)).toFixed(3).replace(/\.?0+$/, '');
  return `Each cell ran seeds 1–${rule.min}, then one more at a time until every claim it measures was decided — its paired interval (per seed a / b, on the log scale where every ratio is positive; Student's t at ${confidence} %, Bonferroni's correction over the ${ruleLooks(rule)} looks from ${rule.min} to ${rule.max} seeds) lying wholly on one side of the claim's threshold — or ${rule.max} seeds. Each claim is decided the wrong way at most ${Math.round(100 * rule.errorRate)} % of the time, whatever look its cell stopped at.`;
}

/** Which cells stopped early and after how many seeds, and what stayed undecided at the cap, in sentences. */
export function adaptiveSeedsInWords(map: ReproductionMap): string {
  const rule = map.adaptive!;
  const cells = map.grid.cells.map((cell, i) => ({ label: cell.label, i, seeds: cell.seeds as CellSeeds }));
  const early = cells.filter((c) => c.seeds.seeds < rule.max);
  const counts = [...new Set(early.map((c) => c.seeds.seeds))].sort((a, b) => a - b);
  const groups = counts.map((n) => {
    const at = early.filter((c) => c.seeds.seeds === n);
    const who = at.length <= 3 ? listText(at.map((c) => c.label)) : `${countWord(at.length)} cells`;
    return `${who} after ${n} seeds`;
  });
  const sentences = [
    early.length === 0
      ? `No cell stopped early (of ${cells.length}).`
      : `${capital(countWord(early.length))} of ${cells.length} cells stopped early: ${listText(groups)}.`,
  ];
  const full = cells.filter((c) => c.seeds.seeds >= rule.max);
  const lastLook = full.filter((c) => c.seeds.decided).length;
  if (full.length > 0)
    sentences.push(
      `${capital(countWord(full.length))} ${full.length === 1 ? 'cell' : 'cells'} took all ${rule.max} seeds${lastLook > 0 ? `, ${countWord(lastLook)} of them decided at the last look` : ''}.`,
    );
  const open = map.claims.flatMap((claim) =>
    cells.flatMap((c) => {
      const interval = intervalOf(claim, c.i);
      return interval?.decision === 'undecided'
        ? [`${claim.claim.statement} at ${c.label} (${intervalText(interval)})`]
        : [];
    }),
  );
  if (open.length > 0 && open.length <= NAMED) sentences.push(`Undecided at the cap: ${listText(open)}.`);
  if (open.length > NAMED) {
    const where = new Set(
      cells.filter((c) => map.claims.some((claim) => intervalOf(claim, c.i)?.decision === 'undecided')),
    ).size;
    sentences.push(
      `${capital(countWord(open.length))} readings of a claim in a cell stayed undecided at the cap, in ${countWord(where)} ${where === 1 ? 'cell' : 'cells'}; the table gives their intervals.`,
    );
  }
  return sentences.join(' ');
}

const capital = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** A claim's interval at the look that decided it in a cell (else the cell's last), undefined where the claim is not read there. */
const intervalOf = (claim: ClaimMap, cell: number): SequentialInterval | undefined =>
  claim.outcomes[cell]?.interval;

/** A cell's seeds in a table's first row: `3, early` or `10, cap`. */
const seedsEntry = (seeds: CellSeeds | undefined, max: number) =>
  seeds === undefined ? '·' : `${seeds.seeds}${seeds.seeds < max ? ', early' : seeds.decided ? '' : ', cap'}`;

/**
 * A section's part on its adaptive seeds, in Markdown: the rule, the cells in words, then
 * per series the seeds of each cell and each claim's interval there. Empty for a map run
 * on a fixed list of seeds.
 */
export function adaptiveSeedsLines(map: ReproductionMap): string[] {
  const rule = map.adaptive;
  if (rule === undefined) return [];
  const lines = ['### Seeds per cell', '', `${ruleText(map)} ${adaptiveSeedsInWords(map)}`, ''];
  lines.push(
    "Each claim's interval of a / b − 1 at the look that decided it (a claim decided once stays decided), else at its cell's last: ✓ decided that it holds, ✗ that it fails, ? undecided at the cap, · not measured.",
    '',
  );
  for (const s of mapSeries(map)) {
    const measured = (c: ClaimMap, cell: number) =>
      (intervalOf(c, cell)?.decision ?? 'unmeasured') !== 'unmeasured';
    const claims = map.claims.filter((c) => s.columns.some((col) => measured(c, col.cell)));
    if (claims.length === 0) continue;
    lines.push(`**${s.label === '' ? 'every cell' : s.label}**:`, '');
    const seeds = s.columns.map((col) => seedsEntry(map.grid.cells[col.cell]?.seeds, rule.max));
    const rows = claims.map((c) => [
      c.claim.statement,
      `\`${c.claim.metric}\``,
      ...s.columns.map((col) => {
        const interval = intervalOf(c, col.cell);
        return interval === undefined || !measured(c, col.cell)
          ? '·'
          : `${DECISION_MARK[interval.decision]} ${intervalText(interval)}`;
      }),
    ]);
    const header = ['claim', 'metric', ...s.columns.map((c) => c.heading)];
    lines.push(...table(header, [['seeds', '', ...seeds], ...rows]), '');
  }
  return lines;
}

/**
 * The same part of a paper's HTML section: the rule and the cells in words, then a table
 * of the cells with their seeds and the claims still undecided there with their intervals.
 * None for a map run on a fixed list of seeds.
 */
export function adaptiveSeedsHtml(map: ReproductionMap): string[] {
  const rule = map.adaptive;
  if (rule === undefined) return [];
  const rows = map.grid.cells.map((cell, i) => {
    const open = map.claims.flatMap((c) => {
      const interval = intervalOf(c, i);
      return interval?.decision === 'undecided' ? [`${c.claim.statement} ${intervalText(interval)}`] : [];
    });
    return [cell.label, seedsEntry(cell.seeds, rule.max), open.length === 0 ? '—' : open.join('; ')];
  });
  return [
    '<h3>Seeds per cell</h3>',
    `<p class="words">${escapeXml(`${ruleText(map)} ${adaptiveSeedsInWords(map)}`)}</p>`,
    htmlTable(['cell', 'seeds', 'claims undecided at the cap: mean [corrected interval]'], rows),
  ];
}
