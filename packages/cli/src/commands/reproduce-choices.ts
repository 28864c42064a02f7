import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isBuiltinTrace } from '@rackwise/experiments';
import type { SequentialRule } from '@rackwise/reproduce';
import type { CongestionLoss } from '@rackwise/topology';
import type { CliIo } from '../cli-io.js';
import type { ParsedCommandLine } from '../command-line.js';
import type { ReproducePackage } from '../internal/heavy-packages.js';
import { integerInRange, seedList, stringOption } from '../option-values.js';
import { type OutputFiles, checkOutputFiles } from '../output-files.js';
import { UsageError } from '../usage-error.js';
import { adaptiveSeedsOption } from './adaptive-seeds-option.js';
import { ALL_QUICK_SEEDS, type ShardChoice, shardChoice } from './reproduce-shards.js';

/** Most worker threads `--parallel` accepts (as `run` and `sweep`). */
const MAX_PARALLEL = 256;

/** What `rackwise reproduce` was asked to do, checked before anything runs. */
export interface ReproduceChoices {
  /** The paper named, or `all`. */
  readonly name: string;
  readonly papers: readonly string[];
  readonly quick: boolean;
  readonly seedsText: string | undefined;
  readonly adaptive: SequentialRule | undefined;
  readonly parallelText: string | undefined;
  readonly parallelism: number | undefined;
  /** The files to write (the Markdown one in the `csv` slot of the shared output check). */
  readonly outputs: OutputFiles;
  readonly markdownText: string | undefined;
  /** With `--update`, the Markdown file's text whose sections are replaced. */
  readonly existing: string | undefined;
  readonly onlyText: string | undefined;
  readonly loss: CongestionLoss[] | undefined;
  readonly traceText: string | undefined;
  readonly from: string | undefined;
  readonly shards: ShardChoice;
  /** The grid options every paper's run takes: seeds, adaptive rule, cells, loss settings, trace. */
  readonly grids: {
    readonly seeds?: readonly number[];
    readonly adaptive?: SequentialRule;
    readonly only?: Readonly<Record<string, string>>;
    readonly loss?: readonly CongestionLoss[];
    readonly trace?: string;
  };
}

/** Reads and checks the command line of `rackwise reproduce <name>`; a usage error names what is wrong. */
export async function reproduceChoices(
  values: ParsedCommandLine['values'],
  name: string,
  io: CliIo,
  reproduce: ReproducePackage,
): Promise<ReproduceChoices> {
  const papers = name === 'all' ? reproduce.reproduciblePapers() : [name];
  for (const paper of papers) usage(() => reproduce.paperClaims(paper));
  const seedsText = stringOption(values, 'seeds');
  const quick = values.quick === true;
  const adaptive =
    seedsText === undefined ? undefined : adaptiveSeedsOption(seedsText, reproduce.SEQUENTIAL_RULE);
  const seeds =
    seedsText === undefined
      ? name === 'all' && quick
        ? ALL_QUICK_SEEDS
        : undefined
      : adaptive === undefined
        ? seedList('seeds', seedsText)
        : undefined;
  const parallelText = stringOption(values, 'parallel');
  const parallelism =
    parallelText === undefined ? undefined : integerInRange('parallel', parallelText, 1, MAX_PARALLEL);
  const files = outputChoices(values, io, papers, reproduce);
  const onlyText = stringOption(values, 'only');
  const only = onlyOption(onlyText);
  const loss = await lossOption(stringOption(values, 'loss'));
  const traceText = stringOption(values, 'trace');
  const trace = traceText === undefined || isBuiltinTrace(traceText) ? traceText : resolve(io.cwd, traceText);
  const from = stringOption(values, 'from');
  const runOptions = ['quick', 'seeds', 'only', 'loss', 'trace', 'out', 'shard', 'emit', 'shards'];
  if (from !== undefined && runOptions.some((o) => values[o] !== undefined && values[o] !== false))
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
  const cells = {
    ...(only === undefined ? {} : { only }),
    ...(loss === undefined ? {} : { loss }),
    ...(trace === undefined ? {} : { trace }),
  };
  for (const paper of from === undefined ? papers : [])
    usage(() => reproduce.reproductionGrid(reproduce.paperClaims(paper), quick, cells));
  const grids = {
    ...(seeds === undefined ? {} : { seeds }),
    ...(adaptive === undefined ? {} : { adaptive }),
    ...cells,
  };
  return {
    name,
    papers,
    quick,
    seedsText,
    adaptive,
    parallelText,
    parallelism,
    ...files,
    onlyText,
    loss,
    traceText,
    from,
    shards,
    grids,
  };
}

/** Calls `check`, turning what it throws into a usage error. */
function usage(check: () => unknown): void {
  try {
    check();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The output files, and with `--update` the Markdown file's text, which must hold every paper's section. */
function outputChoices(
  values: ParsedCommandLine['values'],
  io: CliIo,
  papers: readonly string[],
  reproduce: ReproducePackage,
): Pick<ReproduceChoices, 'outputs' | 'markdownText' | 'existing'> {
  const markdownText = stringOption(values, 'markdown');
  let outputs: OutputFiles;
  try {
    outputs = checkOutputFiles(
      { json: values.json, ...(markdownText === undefined ? {} : { csv: markdownText }), html: values.html },
      io.cwd,
    );
  } catch (error) {
    throw new UsageError((error as Error).message.replace('--csv', '--markdown'));
  }
  if (values.update !== true) return { outputs, markdownText, existing: undefined };
  if (outputs.csv === undefined) throw new UsageError('--update needs --markdown <file>');
  // Read before anything runs: a file that cannot be updated is a usage error, not an hour lost.
  const existing = readExisting(outputs.csv);
  for (const paper of papers) {
    if (!reproduce.hasPaperSection(existing, paper))
      throw new UsageError(`--update: ${markdownText} has no section of paper ${paper} to replace`);
  }
  return { outputs, markdownText, existing };
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

/** The Markdown file `--update` replaces a section of. */
function readExisting(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--markdown ${file} cannot be updated: ${(error as Error).message}`);
  }
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
