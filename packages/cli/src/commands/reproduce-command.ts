import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReproductionMap } from '@rackwise/reproduce';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { type ReproducePackage, loadReproduce } from '../internal/heavy-packages.js';
import { provenanceSources } from '../internal/provenance-sources.js';
import { stringOption } from '../option-values.js';
import { UsageError } from '../usage-error.js';
import { type ReproduceChoices, reproduceChoices } from './reproduce-choices.js';
import { ALL_RESULTS_DIRECTORY, REPRODUCE_SHARD_OPTIONS, reproduceSlurmScript } from './reproduce-shards.js';

/** `rackwise reproduce <paper|all>`: a paper's claims over a grid, and where each holds. */
export const REPRODUCE_COMMAND: CommandSpec = {
  name: 'reproduce',
  summary: `Run a paper's claims over operating points, network models, readings and seeds; map where each holds. Papers: nas (NAS, network-aware scheduling), shufflewatcher (ShuffleWatcher, shuffle-aware scheduling), shadow (Shadow, map-task duplication that balances cross-rack links), fcs (FCS, Fair Completion Scheduler), or all of them. \`all\` runs every paper's full grid, about 25 CPU-hours on a 2-core machine as measured (NAS 13, FCS 10, ShuffleWatcher 2.3, Shadow 0.07): keep it in ${ALL_RESULTS_DIRECTORY}/ (its default --out, so running it again resumes) or split it with --emit slurm; \`all --quick\` runs every paper's quick grid on seed 1, about 11 CPU-minutes (the quick grids on their five seeds: about 52).`,
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
        'simulations at once on worker threads: the seeds of one policy and cell, or with adaptive seeds the runs of a cell’s round; default 1 (CPU-bound, shared machines)',
    },
    only: {
      type: 'string',
      value: '<axis=value,…>',
      description:
        "only the grid's cells with these axis values (e.g. window=0+0.5h,loss=none): a part of a costly grid",
    },
    loss: {
      type: 'string',
      value: '<none,incast,congestion-cost,congestion-tail>',
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

/** Runs `rackwise reproduce`. */
export async function reproduceCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(REPRODUCE_COMMAND, argv);
  const reproduce = await loadReproduce();
  const choices = await reproduceChoices(values, positionals[0] as string, io, reproduce);
  const { shards } = choices;
  if (shards.emit !== undefined) {
    const batches = reproduce.gridBatches(choices.papers, choices.quick, choices.grids).length;
    io.stdout(
      reproduceSlurmScript(
        argv,
        REPRODUCE_COMMAND.options,
        shards,
        batches,
        choices.parallelism ?? 1,
        choices.adaptive,
      ),
    );
    return 0;
  }
  if (shards.shard !== undefined && shards.out !== undefined) {
    await runShard(choices, { shard: shards.shard, out: shards.out }, values.quiet === true, io, reproduce);
    return 0;
  }
  const maps = await gridMaps(choices, values.quiet === true, io, reproduce);
  writeMaps(maps, choices, stringOption(values, 'html'), io, reproduce);
  return 0;
}

/** Runs one shard of the grids' batches into its results directory and says what it ran. */
async function runShard(
  choices: ReproduceChoices,
  { shard, out }: { readonly shard: { index: number; count: number }; readonly out: string },
  quiet: boolean,
  io: CliIo,
  reproduce: ReproducePackage,
): Promise<void> {
  const outcome = await reproduce.reproduceShard({
    papers: choices.papers,
    quick: choices.quick,
    ...choices.grids,
    shard,
    results: out,
    ...(choices.parallelism === undefined ? {} : { parallelism: choices.parallelism }),
    onProgress: (p) => {
      if (!quiet) io.stderr(`shard ${shard.index}/${shard.count} ${p.done}/${p.total} ${p.label}\n`);
    },
  });
  const round =
    choices.adaptive === undefined
      ? ''
      : outcome.ran === 0
        ? '; adaptive seeds: no batch of this shard needs more seeds now'
        : '; adaptive seeds: run the shards again for the next round, or the command without --shard runs the rounds left';
  io.stderr(
    `shard ${shard.index}/${shard.count}: ran ${outcome.ran} of its ${outcome.batches} batches, ${outcome.skipped} already done in ${out} (${outcome.total} batches in all)${round}\n`,
  );
}

/** The maps to write: read from `--from`, or each paper's grid run (resuming from `--out`), its summary printed. */
async function gridMaps(
  choices: ReproduceChoices,
  quiet: boolean,
  io: CliIo,
  reproduce: ReproducePackage,
): Promise<ReproductionMap[]> {
  const { from, papers, shards } = choices;
  if (from !== undefined) return readMaps(resolve(io.cwd, from), papers, reproduce.REPRODUCTION_FORMAT);
  const sources = await provenanceSources();
  const maps: ReproductionMap[] = [];
  for (const paper of papers) {
    const map = await reproduce.reproducePaper({
      paper,
      quick: choices.quick,
      ...(sources.commit === undefined ? {} : { commit: sources.commit }),
      traceChecksum: sources.traceChecksum,
      ...choices.grids,
      ...(choices.parallelism === undefined ? {} : { parallelism: choices.parallelism }),
      ...(shards.out === undefined ? {} : { results: shards.out }),
      onProgress: (p) => {
        const kept = p.simulated === 0 && shards.out !== undefined ? ' (kept)' : '';
        if (!quiet) io.stderr(`${paper} ${p.done}/${p.total} ${p.label}${kept}\n`);
      },
    });
    maps.push(map);
    io.stdout(summary(map));
  }
  return maps;
}

/** Writes the maps as JSON, Markdown (the whole document, or the papers' sections with `--update`) and HTML. */
function writeMaps(
  maps: readonly ReproductionMap[],
  choices: ReproduceChoices,
  htmlText: string | undefined,
  io: CliIo,
  reproduce: ReproducePackage,
): void {
  const { outputs, existing } = choices;
  const command = commandLine(choices);
  if (outputs.json !== undefined) {
    writeFileSync(outputs.json, `${JSON.stringify(maps.length === 1 ? maps[0] : maps, null, 2)}\n`);
    io.stderr(`wrote ${outputs.json}\n`);
  }
  if (outputs.csv !== undefined) {
    const document =
      existing === undefined
        ? reproduce.reproductionDocument(maps, command)
        : maps.reduce((doc, map) => reproduce.updateReproductionDocument(doc, map, command), existing);
    writeFileSync(outputs.csv, document);
    io.stderr(`wrote ${outputs.csv}\n`);
  }
  if (outputs.html !== undefined) {
    writeFileSync(outputs.html, reproduce.reproductionHtml(maps, `${command} --html ${htmlText}`));
    io.stderr(`wrote ${outputs.html}\n`);
  }
}

/** The command a document names as the one that regenerates it. */
function commandLine(c: ReproduceChoices): string {
  return [
    'rackwise reproduce',
    c.name,
    ...(c.quick ? ['--quick'] : []),
    ...(c.seedsText === undefined ? [] : [`--seeds ${c.seedsText}`]),
    ...(c.parallelText === undefined ? [] : [`--parallel ${c.parallelText}`]),
    ...(c.onlyText === undefined ? [] : [`--only ${c.onlyText}`]),
    ...(c.loss === undefined ? [] : [`--loss ${c.loss.join(',')}`]),
    ...(c.traceText === undefined ? [] : [`--trace ${c.traceText}`]),
    ...(c.from === undefined ? [] : [`--from ${c.from}`]),
    ...(c.existing !== undefined ? [`--markdown ${c.markdownText} --update`] : []),
  ].join(' ');
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
