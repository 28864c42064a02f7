import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBuiltinTrace } from '@rackwise/experiments';
import type { ReproductionMap } from '@rackwise/reproduce';
import type { CongestionLoss } from '@rackwise/topology';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { loadReproduce } from '../internal/heavy-packages.js';
import { provenanceSources } from '../internal/provenance-sources.js';
import { integerInRange, seedList, stringOption } from '../option-values.js';
import { checkOutputFiles } from '../output-files.js';
import { UsageError } from '../usage-error.js';
import { adaptiveSeedsOption } from './adaptive-seeds-option.js';
import {
  ALL_QUICK_SEEDS,
  ALL_RESULTS_DIRECTORY,
  REPRODUCE_SHARD_OPTIONS,
  reproduceSlurmScript,
  shardChoice,
} from './reproduce-shards.js';

/** `rackwise reproduce <paper|all>`: a paper's claims over a grid, and where each holds. */
export const REPRODUCE_COMMAND: CommandSpec = {
  name: 'reproduce',
  summary: `Run a paper's claims over operating points, network models, readings and seeds; map where each holds. Papers: nas (NAS, network-aware scheduling), shufflewatcher (ShuffleWatcher, shuffle-aware scheduling), shadow (Shadow, map-task duplication that balances cross-rack links), fcs (FCS, Fair Completion Scheduler), or all of them. \`all\` runs every paper's full grid, about 20 CPU-hours on a 2-core machine (FCS 9, NAS 7, ShuffleWatcher 4, Shadow 0.1): keep it in ${ALL_RESULTS_DIRECTORY}/ (its default --out, so running it again resumes) or split it with --emit slurm; \`all --quick\` runs every paper's quick grid on seed 1, about 11 CPU-minutes (the quick grids on their five seeds: about 52).`,
  positionals: ['<paper|all>'],
  requiredPositionals: 1,
  options: {
    quick: { type: 'boolean', description: 'the short CI grid instead of the full one' },
    seeds: {
      type: 'string',
      value: '<1,2,3|1..5|adaptive[:3..10]>',
      description:
        "seeds instead of the grid's; adaptive: each cell takes seeds 1, 2, … from the first count, one at a time, until every claim's paired interval (corrected for the repeated looks: a claim decided the wrong way at most 5 % of the time) lies on one side of its threshold, or the last count; with --shard, each run of a shard is one round (run the shards again for the next, or the command without --shard runs the rounds left)",
    },
    parallel: {
      type: 'string',
      value: '<N>',
      description:
        'seeds of one policy and cell simulated at once on worker threads; default 1 (CPU-bound, shared machines)',
    },
    only: {
      type: 'string',
      value: '<axis=value,…>',
      description:
        "only the grid's cells with these axis values (e.g. window=0+0.5h,loss=none): a part of a costly grid",
    },
    loss: {
      type: 'string',
      value: '<none,incast,congestion-cost>',
      description:
        "the network's congestion-loss settings the grid's loss axis takes instead of its own (nas, shufflewatcher, fcs): every cell under each",
    },
    trace: {
      type: 'string',
      value: '<file|fb2009|fb2010>',
      description:
        'replay this SWIM trace (a file, or a shipped day: fb2009, fb2010) in every cell that replays one (nas, shadow), keeping its window, scale and sample',
    },
    from: {
      type: 'string',
      value: '<map.json>',
      description: 'write the outputs from maps a run wrote with --json, without running anything',
    },
    json: { type: 'string', value: '<file>', description: 'write the map(s) as JSON' },
    markdown: {
      type: 'string',
      value: '<file>',
      description: 'write the map(s) as Markdown (docs/reproduction.md)',
    },
    html: {
      type: 'string',
      value: '<file>',
      description:
        'write the map(s) as one HTML page: per paper its cells, heatmaps of claims × cells and the headline claims over load',
    },
    update: {
      type: 'boolean',
      description:
        "with --markdown: replace only the paper's section of the existing file, keeping the other papers' and naming the command",
    },
    ...REPRODUCE_SHARD_OPTIONS,
    quiet: { type: 'boolean', short: 'q', description: 'no progress lines' },
    help: { type: 'boolean', short: 'h', description: 'show this help' },
  },
};

/** Most worker threads `--parallel` accepts (as `run` and `sweep`). */
const MAX_PARALLEL = 256;

/** Runs `rackwise reproduce`. */
export async function reproduceCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(REPRODUCE_COMMAND, argv);
  const reproduce = await loadReproduce();
  const { REPRODUCTION_FORMAT, hasPaperSection, paperClaims, reproducePaper, reproduciblePapers } = reproduce;
  const { reproductionDocument, reproductionGrid, reproductionHtml, updateReproductionDocument } = reproduce;
  const name = positionals[0] as string;
  const papers = name === 'all' ? reproduciblePapers() : [name];
  for (const paper of papers) {
    try {
      paperClaims(paper);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const seedsText = stringOption(values, 'seeds');
  const quickAll = name === 'all' && values.quick === true && seedsText === undefined;
  const adaptive =
    seedsText === undefined ? undefined : adaptiveSeedsOption(seedsText, reproduce.SEQUENTIAL_RULE);
  const seeds =
    seedsText === undefined
      ? quickAll
        ? ALL_QUICK_SEEDS
        : undefined
      : adaptive === undefined
        ? seedList('seeds', seedsText)
        : undefined;
  const parallelText = stringOption(values, 'parallel');
  const parallelism =
    parallelText === undefined ? undefined : integerInRange('parallel', parallelText, 1, MAX_PARALLEL);
  const markdownText = stringOption(values, 'markdown');
  // The Markdown file is checked as the `csv` slot of the shared output check.
  let outputs: ReturnType<typeof checkOutputFiles>;
  try {
    outputs = checkOutputFiles(
      { json: values.json, ...(markdownText === undefined ? {} : { csv: markdownText }), html: values.html },
      io.cwd,
    );
  } catch (error) {
    throw new UsageError((error as Error).message.replace('--csv', '--markdown'));
  }
  const update = values.update === true;
  if (update && outputs.csv === undefined) throw new UsageError('--update needs --markdown <file>');
  // Read before anything runs: a file that cannot be updated is a usage error, not an hour lost.
  const existing = update ? readExisting(outputs.csv as string) : undefined;
  for (const paper of papers) {
    if (existing !== undefined && !hasPaperSection(existing, paper))
      throw new UsageError(`--update: ${markdownText} has no section of paper ${paper} to replace`);
  }
  const quick = values.quick === true;
  const only = onlyOption(stringOption(values, 'only'));
  const loss = await lossOption(stringOption(values, 'loss'));
  const traceText = stringOption(values, 'trace');
  const trace = traceText === undefined || isBuiltinTrace(traceText) ? traceText : resolve(io.cwd, traceText);
  const from = stringOption(values, 'from');
  const runOptions = ['out', 'shard', 'emit', 'shards'].filter((o) => values[o] !== undefined);
  if (
    from !== undefined &&
    (quick ||
      seedsText !== undefined ||
      only !== undefined ||
      loss !== undefined ||
      trace !== undefined ||
      runOptions.length > 0)
  )
    throw new UsageError(
      '--from writes maps already run: it takes no --quick, --seeds, --only, --loss, --trace, --out, --shard or --emit',
    );
  const fileOptions = (['json', 'markdown', 'html'] as const).filter((o) => values[o] !== undefined);
  const shards =
    from === undefined
      ? shardChoice(
          values,
          name,
          io.cwd,
          fileOptions.map((o) => `--${o}`),
        )
      : {};
  for (const paper of from === undefined ? papers : []) {
    try {
      reproductionGrid(paperClaims(paper), quick, {
        ...(only === undefined ? {} : { only }),
        ...(loss === undefined ? {} : { loss }),
        ...(trace === undefined ? {} : { trace }),
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const grids = {
    ...(seeds === undefined ? {} : { seeds }),
    ...(adaptive === undefined ? {} : { adaptive }),
    ...(only === undefined ? {} : { only }),
    ...(loss === undefined ? {} : { loss }),
    ...(trace === undefined ? {} : { trace }),
  };
  if (shards.emit !== undefined) {
    const batches = reproduce.gridBatches(papers, quick, grids).length;
    io.stdout(
      reproduceSlurmScript(argv, REPRODUCE_COMMAND.options, shards, batches, parallelism ?? 1, adaptive),
    );
    return 0;
  }
  if (shards.shard !== undefined && shards.out !== undefined) {
    const { shard, out } = shards;
    const outcome = await reproduce.reproduceShard({
      papers,
      quick,
      ...grids,
      shard,
      results: out,
      ...(parallelism === undefined ? {} : { parallelism }),
      onProgress: (p) => {
        if (values.quiet !== true)
          io.stderr(`shard ${shard.index}/${shard.count} ${p.done}/${p.total} ${p.label}\n`);
      },
    });
    const round =
      adaptive === undefined
        ? ''
        : outcome.ran === 0
          ? '; adaptive seeds: no batch of this shard needs more seeds now'
          : '; adaptive seeds: run the shards again for the next round, or the command without --shard runs the rounds left';
    io.stderr(
      `shard ${shard.index}/${shard.count}: ran ${outcome.ran} of its ${outcome.batches} batches, ${outcome.skipped} already done in ${out} (${outcome.total} batches in all)${round}\n`,
    );
    return 0;
  }
  const maps: ReproductionMap[] =
    from === undefined ? [] : readMaps(resolve(io.cwd, from), papers, REPRODUCTION_FORMAT);
  const sources = from === undefined ? await provenanceSources() : undefined;
  for (const paper of from === undefined ? papers : []) {
    const map = await reproducePaper({
      paper,
      quick,
      ...(sources?.commit === undefined ? {} : { commit: sources.commit }),
      ...(sources === undefined ? {} : { traceChecksum: sources.traceChecksum }),
      ...grids,
      ...(parallelism === undefined ? {} : { parallelism }),
      ...(shards.out === undefined ? {} : { results: shards.out }),
      onProgress: (p) => {
        const kept = p.simulated === 0 && shards.out !== undefined ? ' (kept)' : '';
        if (values.quiet !== true) io.stderr(`${paper} ${p.done}/${p.total} ${p.label}${kept}\n`);
      },
    });
    maps.push(map);
    io.stdout(summary(map));
  }
  const command = [
    'rackwise reproduce',
    name,
    ...(quick ? ['--quick'] : []),
    ...(seedsText === undefined ? [] : [`--seeds ${seedsText}`]),
    ...(parallelText === undefined ? [] : [`--parallel ${parallelText}`]),
    ...(only === undefined ? [] : [`--only ${stringOption(values, 'only')}`]),
    ...(loss === undefined ? [] : [`--loss ${loss.join(',')}`]),
    ...(traceText === undefined ? [] : [`--trace ${traceText}`]),
    ...(from === undefined ? [] : [`--from ${from}`]),
    ...(update ? [`--markdown ${markdownText} --update`] : []),
  ].join(' ');
  if (outputs.json !== undefined) {
    writeFileSync(outputs.json, `${JSON.stringify(maps.length === 1 ? maps[0] : maps, null, 2)}\n`);
    io.stderr(`wrote ${outputs.json}\n`);
  }
  if (outputs.csv !== undefined) {
    const document =
      existing === undefined
        ? reproductionDocument(maps, command)
        : maps.reduce((doc, map) => updateReproductionDocument(doc, map, command), existing);
    writeFileSync(outputs.csv, document);
    io.stderr(`wrote ${outputs.csv}\n`);
  }
  if (outputs.html !== undefined) {
    writeFileSync(outputs.html, reproductionHtml(maps, `${command} --html ${stringOption(values, 'html')}`));
    io.stderr(`wrote ${outputs.html}\n`);
  }
  return 0;
}

/** `--only axis=value,…` as a record. */
function onlyOption(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  const only: Record<string, string> = {};
  for (const part of text.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0 || at === part.length - 1)
      throw new UsageError(`--only: expected axis=value, got ${JSON.stringify(part)}`);
    only[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return only;
}

/** The maps of `--from`, the named papers' (every one for `all`), in file order. */
function readMaps(file: string, papers: readonly string[], format: string): ReproductionMap[] {
  let parsed: unknown;
  try {
    // JSON writes NaN (a metric a cell could not measure) as null; read it back as NaN.
    parsed = JSON.parse(readFileSync(file, 'utf8'), (_, value) => (value === null ? Number.NaN : value));
  } catch (error) {
    throw new UsageError(`--from ${file}: ${(error as Error).message}`);
  }
  const maps = (Array.isArray(parsed) ? parsed : [parsed]) as ReproductionMap[];
  for (const [i, map] of maps.entries()) {
    if (map?.format !== format) throw new UsageError(`--from ${file}: map ${i + 1} is not a ${format} map`);
  }
  const kept = maps.filter((m) => papers.includes(m.paper));
  if (kept.length === 0)
    throw new UsageError(
      `--from ${file}: no map of ${papers.join(', ')} (it holds ${maps.map((m) => m.paper).join(', ')})`,
    );
  return kept;
}

/** The Markdown file `--update` replaces a section of. */
function readExisting(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--markdown ${file} cannot be updated: ${(error as Error).message}`);
  }
}

/** The cells legend, then one line per claim: how many cells it holds in, and which. */
function summary(map: ReproductionMap): string {
  const seeds =
    map.adaptive === undefined
      ? `seeds ${map.grid.seeds.join(', ')}`
      : `adaptive seeds ${map.adaptive.min}..${map.adaptive.max}`;
  const lines = [`${map.title} — ${map.grid.cells.length} cells × ${seeds}`];
  map.grid.cells.forEach((cell, i) => {
    const took =
      cell.seeds === undefined
        ? ''
        : ` (${cell.seeds.seeds} seeds, ${cell.seeds.decided ? 'decided' : 'at the cap'})`;
    lines.push(`  C${i + 1}: ${cell.label}${took}`);
  });
  for (const c of map.claims) {
    const where = c.outcomes.flatMap((o, i) => (o.verdict === 'holds' ? [`C${i + 1}`] : [])).join(' ');
    lines.push(
      `  ${c.claim.figure.padEnd(14)} ${`holds ${c.holds}/${c.outcomes.length - c.unmeasured}${c.mixed > 0 ? ` ~${c.mixed}` : ''}`.padEnd(14)} ${c.claim.statement} [${c.claim.metric}]${where === '' ? '' : ` in ${where}`}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `--loss a,b`: distinct congestion-loss settings, each one the engine knows. */
async function lossOption(text: string | undefined): Promise<CongestionLoss[] | undefined> {
  if (text === undefined) return undefined;
  const { CONGESTION_LOSSES } = await import('@rackwise/topology');
  const losses = text.split(',').map((l) => l.trim());
  for (const l of losses) {
    if (!(CONGESTION_LOSSES as readonly string[]).includes(l))
      throw new UsageError(`--loss: ${JSON.stringify(l)} is not one of ${CONGESTION_LOSSES.join(', ')}`);
  }
  if (new Set(losses).size !== losses.length) throw new UsageError(`--loss: ${text} names a setting twice`);
  return losses as CongestionLoss[];
}
