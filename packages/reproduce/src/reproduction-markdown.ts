import { DEGENERATE_JOB_RULE } from '@rackwise/metrics';
import { adaptiveSeedsLines, seedsPhrase } from './adaptive-seeds-text.js';
import { paperClaims, reproduciblePapers } from './claim-registry.js';
import type { ClaimOutcome } from './evaluate-claim.js';
import { mergeGlanceBlock } from './glance-merge.js';
import {
  GLANCE_HEADING,
  glancePaperHeading,
  headlinesAtAGlance,
  paperGlance,
} from './headlines-at-a-glance.js';
import { readingEffects, signedPercent } from './map-in-words.js';
import {
  type MapSeries,
  axisText,
  defaultReading,
  defaultSeries,
  halfWidth95,
  outcomeAt,
} from './map-series.js';
import { MARK, gridCommand, gridLines, percent0, table } from './map-text.js';
import { paperItem, paperItemAlone, paperItemPrefix, plainWordsList } from './plain-words-list.js';
import { paperInWords } from './plain-words.js';
import { provenanceLines } from './provenance-text.js';
import type { ClaimMap, OperatingPoint, ReproductionMap } from './reproduce-paper.js';
import { mapHeading, traceComparisonMarkdown } from './trace-agreement-text.js';
import { traceComparisons } from './trace-agreement.js';
import { withWindowJobs } from './trace-window-jobs.js';

const percent = (x: number, digits = 1) =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(digits)} %` : '—';

/** A compact entry: the verdict and the mean change in whole per cent. */
function compactCell(o: ClaimOutcome): string {
  return o.verdict === 'unmeasured' ? '·' : `${MARK[o.verdict]} ${signedPercent(o.mean)}`;
}

/** A full entry: the verdict, the mean change ± its 95 % interval, and the range over seeds. */
function fullCell(o: ClaimOutcome): string {
  if (o.verdict === 'unmeasured') return '·';
  const hw = halfWidth95(o);
  const interval = Number.isFinite(hw) ? ` ± ${(100 * hw).toFixed(1)}` : '';
  return `${MARK[o.verdict]} ${percent(o.mean)}${interval} [${percent(o.min, 0)}, ${percent(o.max, 0)}]`;
}

/** What the paper says of a claim: its change, or the direction it claims. */
function paperText(claim: ClaimMap['claim']): string {
  if (claim.paperChange !== undefined) return percent(claim.paperChange);
  return claim.expectation === 'similar' ? '≈' : claim.expectation === 'higher' ? '> 0' : '< 0';
}

/** One table per series: the claims measured in it as rows, its columns as columns. */
function seriesTables(
  map: ReproductionMap,
  series: readonly MapSeries[],
  entry: (o: ClaimOutcome) => string,
): string[] {
  const lines: string[] = [];
  for (const s of series) {
    const claims = map.claims.filter((c) =>
      s.columns.some((col) => outcomeAt(c, col.cell).verdict !== 'unmeasured'),
    );
    if (claims.length === 0) continue;
    const along = s.along === map.loadAxis.axis ? map.loadAxis.label : s.along;
    lines.push(
      `**${s.label === '' ? 'every cell' : s.label}**${along === '' ? '' : `, along ${along}`}:`,
      '',
    );
    lines.push(
      ...table(
        ['claim', 'metric', 'paper', ...s.columns.map((c) => c.heading)],
        claims.map((c) => [
          c.claim.statement,
          `\`${c.claim.metric}\``,
          paperText(c.claim),
          ...s.columns.map((col) => entry(outcomeAt(c, col.cell))),
        ]),
      ),
      '',
    );
  }
  return lines;
}

/** The operating point of every default-reading cell: offered and delivered load during arrivals. */
function operatingPoints(map: ReproductionMap, series: readonly MapSeries[]): string[] {
  const rows = series.flatMap((s) =>
    s.columns.map((col) => {
      const load = map.grid.cells[col.cell]!.load;
      const range =
        Math.abs(load.offeredMax - load.offeredMin) < 0.005
          ? ''
          : ` (${load.offeredMin.toFixed(2)}–${load.offeredMax.toFixed(2)})`;
      return [
        s.label,
        col.heading,
        `${load.offered.toFixed(2)}${range}`,
        percent0(load.uplinkP50),
        percent0(load.uplinkP95),
        percent0(load.slotUse),
      ];
    }),
  );
  return table(
    ['series', 'column', 'offered load (range over seeds)', 'uplinks p50', 'uplinks p95', 'slot use'],
    rows,
  );
}

/** The readings: one line for those that move nothing, a table of what each other one moves. */
function readingsSection(map: ReproductionMap): string[] {
  const effects = readingEffects(map);
  if (effects.length === 0) return [];
  const cells = map.grid.cells;
  const lines = ['### Readings', ''];
  const still = effects.filter((e) => e.moves.length === 0).map((e) => `\`${e.reading}\``);
  if (still.length > 0)
    lines.push(
      `${still.join(', ')} ${still.length > 1 ? 'move' : 'moves'} no claim beyond the seed spread in any cell (against \`${String(defaultReading(map))}\`, seed by seed: the 95 % interval of the mean difference in a / b − 1 excludes 0, and the difference is at least half a percentage point).`,
      '',
    );
  for (const e of effects.filter((x) => x.moves.length > 0)) {
    lines.push(
      `\`${e.reading}\` against \`${String(defaultReading(map))}\`, where it moves a claim beyond the seed spread:`,
      '',
    );
    lines.push(
      ...table(
        ['claim', 'metric', 'cell', String(defaultReading(map)), String(e.reading)],
        e.moves.map((m) => [
          m.claim.claim.statement,
          `\`${m.claim.claim.metric}\``,
          Object.entries(cells[m.twin]!.axes)
            .filter(([axis]) => axis !== map.readingAxis)
            .map(([axis, value]) => axisText(axis, value))
            .join(' · '),
          fullCell(outcomeAt(m.claim, m.twin)),
          fullCell(outcomeAt(m.claim, m.cell)),
        ]),
      ),
      '',
    );
  }
  return lines;
}

/**
 * One paper's map as Markdown: the grid, its provenance, the map in plain words, a compact
 * table per series (claims × load steps), the operating points, the readings that move
 * a result, then the full entries.
 */
export function reproductionMapMarkdown(map: ReproductionMap): string {
  const series = defaultSeries(map);
  const lines: string[] = [];
  lines.push(`## ${mapHeading(map)}`, '');
  lines.push(
    ...gridLines(map),
    '',
    '**Provenance.**',
    '',
    ...provenanceLines(map),
    '',
    `**In plain words.** ${paperInWords(map)}`,
    '',
    `### Claims along the ${map.loadAxis.label}`,
    '',
    `Mean over ${seedsPhrase(map)} of a / b − 1, paired by seed: ✓ the claim holds in every seed, ~ in the mean only, ✗ not in the mean, · not measured.${map.readingAxis === undefined ? '' : ` At the default reading (\`${String(defaultReading(map))}\`); the others under Readings.`}`,
    '',
    ...seriesTables(map, series, compactCell),
    ...adaptiveSeedsLines(map),
    '### Operating points',
    '',
    `Measured while jobs arrived (engine \`load.*\`), means over seeds; delivered figures under ${map.baseline}.`,
    '',
    ...operatingPoints(map, series),
    '',
    ...readingsSection(map),
    '### Full entries',
    '',
    "Mean ± the half-width of its 95 % interval (Student's t over seeds), [least, most] over seeds.",
    '',
    ...seriesTables(map, series, fullCell),
  );
  return lines.join('\n');
}

/** The line of the document that names the command it was generated by. */
const generatedBy = (command: string) =>
  `Generated by \`${command}\` — do not edit by hand; run the command again.`;

/**
 * The line of the full-grid costs that belongs to one paper: what running it costs with
 * today's code (the registered paper's estimate), else what the map recorded.
 */
const costLine = (map: ReproductionMap) => {
  const cost = reproduciblePapers().includes(map.paper)
    ? paperClaims(map.paper).fullGridCost
    : map.fullGridCost;
  return `- \`rackwise reproduce ${map.paper}\`: ${cost}`;
};

/**
 * The whole document: what the map is, how to regenerate it, then each paper's map; where
 * two maps ran one grid on two traces, the two side by side after the later one.
 */
export function reproductionDocument(maps: readonly ReproductionMap[], command: string): string {
  const comparisons = traceComparisons(maps).map(withWindowJobs);
  const intro = [
    "# Where the papers' claims hold",
    '',
    generatedBy(command),
    '',
    '## In plain words',
    '',
    'Each paper over all its maps, at its default reading; each map in words, load step by load step, heads its section below.',
    '',
    ...plainWordsList(maps),
    '',
    ...headlinesAtAGlance(maps),
    '## How to read the map',
    '',
    'Each published claim is a comparison of two policies on one metric, read per seed on runs that share',
    'their workload. The map runs it along the offered cross-rack load of the arrival window — the shuffle',
    'bytes a locality-oblivious placement would send across racks per second while jobs arrive, over the rack',
    "uplinks' capacity (engine `load.offered`) — in six steps from 0.1 to 1.2 (FCS, whose claims are about",
    "slots: arrival rates from 0.25 to 2 × the paper's), each set by one knob of the paper's setup so that the",
    "median over seeds 1–5 offers it; with the papers' other axes, the network models and the papers'",
    'ambiguous readings. Each cell states the load it got and what the baseline delivered while jobs arrived.',
    "Nothing in the simulator or the policies was tuned toward a paper's number.",
    '',
    "Metrics beside the papers' definitions (`@rackwise/engine`):",
    '',
    "- `throughput` is the papers' jobs / (last completion − first submission); `throughputWhileArriving`",
    '  counts completions between the first and the last submission only; `withoutDegenerate.*` leaves out',
    `  jobs whose shuffle cannot be served within the arrival span (${DEGENERATE_JOB_RULE}).`,
    "- `congestion.crossings` counts every upward crossing of 80 % per link and 1 s sample (the paper's",
    '  count as read literally); `congestion.occurrences` ends an occurrence only below 70 % (hysteresis);',
    '  `congestion.linkSeconds` is the time links spend at or above 80 %.',
    '- `congestedNodes.share` compares unfetched map output with the whole-trace TrafficThreshold;',
    "  `mtsCongestedNodes.share` compares the predicted output of the maps running on a node (MTS's",
    '  own quantity) with the TrafficThreshold in force at that moment.',
    '',
    'Each section names the command that ran it (`--quick` is the short grid; `--only` a part of the full one). The full grids, their size and their estimated cost:',
    '',
  ];
  // One line per paper, though a paper may have several maps (parts of its grid, other traces).
  for (const paper of new Set(maps.map((m) => m.paper)))
    intro.push(costLine(maps.find((m) => m.paper === paper)!));
  intro.push(
    '',
    '`rackwise reproduce all` runs every one of them and writes the maps, keeping each run in `reproduction-runs/` so',
    'that running it again resumes where it stopped; `--emit slurm` prints a Slurm array script that runs it in',
    'shards on a cluster; `--quick` runs every quick grid on seed 1 only, about 11 CPU-minutes on a 2-core machine.',
    '',
  );
  const sections = maps.flatMap((m) => [
    reproductionMapMarkdown(m),
    ...comparisons.filter((c) => c.maps[1] === m).map((c) => traceComparisonMarkdown(c).join('\n')),
  ]);
  return `${[...intro, ...sections].join('\n')}\n`;
}

/**
 * A document `reproductionDocument` wrote, with one paper's section and its full-grid
 * cost replaced by a new map's and the other papers' sections kept as they were. Under
 * the line naming the command of the whole document, a line names the command each
 * section regenerated alone came from (replacing that paper's earlier one).
 * @throws Error when the document has no section or cost line of the map's paper.
 */
export function updateReproductionDocument(document: string, map: ReproductionMap, command: string): string {
  const { sections, index, cost } = paperSection(document, map.paper, gridCommand(map));
  if (index < 0 || cost < 0) {
    throw new Error(`the document has no section of paper ${JSON.stringify(map.paper)} to replace`);
  }
  const lines = document.split('\n');
  lines[cost] = costLine(map);
  // The paper's item from this map: over it alone, and saying so, where the document holds
  // other maps of the paper (their figures are not at hand).
  const item = lines.findIndex((line) => line.startsWith(paperItemPrefix(map)));
  const others = sections.filter((m) => m[1]?.startsWith(`\`rackwise reproduce ${map.paper}`)).length > 1;
  if (item >= 0) lines[item] = others ? paperItemAlone(map) : paperItem([map]);
  const alone = `The ${map.paper} section was regenerated alone by \`${command}\`.`;
  const earlier = lines.findIndex((line) =>
    line.startsWith(`The ${map.paper} section was regenerated alone by `),
  );
  if (earlier >= 0) lines[earlier] = alone;
  else lines.splice(lines.findIndex((line) => line.startsWith('Generated by `')) + 1, 0, alone);
  replaceGlance(lines, map);
  const head = lines.join('\n');
  // The section runs to the next one, or to the end; the intro's changes come before it.
  const shift = head.length - document.length;
  const start = (sections[index]?.index ?? 0) + shift;
  const next = sections[index + 1]?.index;
  const end = next === undefined ? head.length : next + shift;
  return `${head.slice(0, start)}${reproductionMapMarkdown(map)}\n${head.slice(end)}`;
}

/**
 * Updates, in place, the paper's block of the headline claims at a glance with the map's
 * rows (`mergeGlanceBlock`), or adds the block at the end of that part; a document
 * without the part is left as it is.
 */
function replaceGlance(lines: string[], map: ReproductionMap): void {
  const part = lines.indexOf(GLANCE_HEADING);
  const fresh = paperGlance([map]);
  if (part < 0 || fresh.length === 0) return;
  const after = (from: number, test: (line: string) => boolean) => {
    const i = lines.findIndex((line, k) => k > from && test(line));
    return i < 0 ? lines.length : i;
  };
  const partEnd = after(part, (line) => line.startsWith('## '));
  const start = after(part, (line) => line === glancePaperHeading(map.title));
  if (start >= partEnd) {
    lines.splice(partEnd, 0, ...fresh);
    return;
  }
  const next = after(start, (line) => line.startsWith('### ') || line.startsWith('## '));
  lines.splice(start, next - start, ...mergeGlanceBlock(lines.slice(start, next), fresh));
}

/** Whether `updateReproductionDocument` can replace a paper's section of the document. */
export function hasPaperSection(document: string, paper: string): boolean {
  const { index, cost } = paperSection(document, paper);
  return index >= 0 && cost >= 0;
}

/**
 * The document's sections, which of them is the paper's (the one its grid `command` ran,
 * else the paper's first), and the line of its full-grid cost (−1 when none).
 */
function paperSection(document: string, paper: string, command?: string) {
  const named = `\`rackwise reproduce ${paper}`;
  // A section: its heading, a blank line, then the command it was generated by.
  const sections = [...document.matchAll(/^## .*\n\n(.*)$/gm)];
  const own = command === undefined ? -1 : sections.findIndex((m) => m[1]?.startsWith(`\`${command}\` `));
  const index =
    own >= 0
      ? own
      : sections.findIndex((m) => [' ', '`'].some((next) => m[1]?.startsWith(`${named}${next}`)));
  const cost = document.split('\n').findIndex((line) => line.startsWith(`- ${named}\`: `));
  return { sections, index, cost };
}
