import { NO_TRACE, tallyText } from './headlines-at-a-glance.js';
/**
 * A paper's block of the headline claims at a glance, updated from the text alone when one
 * of its maps ran again (`updateReproductionDocument`): the document holds the other maps'
 * rows but not their maps. Each claim's rows of the new map replace those with the same
 * trace and series (or join its table), the columns are those of every row, and the tally
 * is counted again from the marks of the table.
 */
import { MARK, table } from './map-text.js';

/** One claim of a block: its name (the line up to its tally), its columns and its rows by trace and series. */
interface ClaimTable {
  readonly name: string;
  headings: string[];
  readonly rows: Map<string, string[]>;
}

const cellsOf = (line: string) => line.slice(2, -2).split(' | ');
const rowKey = (cells: readonly string[]) => `${cells[0]}\u0000${cells[1]}`;

/** The claims of a block's lines, in order (the heading and blank lines are not kept). */
function parseBlock(lines: readonly string[]): ClaimTable[] {
  const claims: ClaimTable[] = [];
  for (const line of lines) {
    if (line.startsWith('**“')) {
      claims.push({ name: line.slice(0, line.lastIndexOf('): ') + 1), headings: [], rows: new Map() });
      continue;
    }
    const claim = claims.at(-1);
    if (claim === undefined || !line.startsWith('| ')) continue;
    const cells = cellsOf(line);
    if (claim.headings.length === 0) claim.headings = cells.slice(2);
    else claim.rows.set(rowKey(cells), cells);
  }
  return claims;
}

/** Column headings in order: bare load steps first, then by their number, then as text. */
function orderHeadings(headings: readonly string[]): string[] {
  const bare = (h: string) => /^[0-9.]+$/.test(h);
  return [...headings].sort(
    (a, b) =>
      Number(bare(b)) - Number(bare(a)) || Number.parseFloat(a) - Number.parseFloat(b) || a.localeCompare(b),
  );
}

/** A claim's table after the new rows: columns of every row, old rows in place, new ones replacing or after them. */
function mergeClaim(old: ClaimTable, fresh: ClaimTable): ClaimTable {
  const added = fresh.headings.filter((h) => !old.headings.includes(h));
  const headings = added.length === 0 ? old.headings : orderHeadings([...old.headings, ...added]);
  const entries = (claim: ClaimTable, cells: readonly string[]) =>
    new Map(claim.headings.map((h, i) => [h, cells[i + 2] ?? MARK.unmeasured]));
  const rows = new Map<string, Map<string, string>>();
  for (const [key, cells] of old.rows) rows.set(key, entries(old, cells));
  for (const [key, cells] of fresh.rows) {
    const at = entries(fresh, cells);
    // The same runs under no trace already (a series that replays none on every trace's map).
    const untraced = rows.get(rowKey([NO_TRACE, cells[1]!]));
    if (!rows.has(key) && untraced !== undefined && [...at].every(([h, e]) => untraced.get(h) === e))
      continue;
    rows.set(key, at);
  }
  return {
    name: old.name,
    headings,
    rows: new Map(
      [...rows].map(([key, at]) => {
        const [trace, series] = key.split('\u0000') as [string, string];
        return [key, [trace, series, ...headings.map((h) => at.get(h) ?? MARK.unmeasured)]];
      }),
    ),
  };
}

/** A claim's lines: its name and tally counted from its table's marks, then its table. */
function claimLines(claim: ClaimTable): string[] {
  const marks = [...claim.rows.values()].flatMap((cells) => cells.slice(2).map((e) => e.split(' ')[0]));
  const count = (mark: string) => marks.filter((m) => m === mark).length;
  return [
    `${claim.name}: ${tallyText(count(MARK.holds), count(MARK.mixed), count(MARK.fails))}.`,
    '',
    ...table(['trace', 'series', ...claim.headings], [...claim.rows.values()]),
    '',
  ];
}

/**
 * The paper's block with the new map's block merged in: both start with the paper's
 * heading; a claim only the old block has stays, one only the new block has comes last.
 */
export function mergeGlanceBlock(old: readonly string[], fresh: readonly string[]): string[] {
  const [heading] = fresh;
  if (heading === undefined) return [...old];
  const before = parseBlock(old);
  const after = parseBlock(fresh);
  const merged = before.map((claim) => {
    const update = after.find((c) => c.name === claim.name);
    return update === undefined ? claim : mergeClaim(claim, update);
  });
  for (const claim of after) if (!before.some((c) => c.name === claim.name)) merged.push(claim);
  return [heading, '', ...merged.flatMap(claimLines)];
}
