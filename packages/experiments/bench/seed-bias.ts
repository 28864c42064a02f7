/**
 * A network model's bias over seeds, judged against the reference model's own
 * seed-to-seed spread (one seed proves nothing in a system that forks). Reads the files
 * `model-error.ts` wrote for each seed (`results/model-error-<hours>h-seed<N>.json`, one
 * reference and one or more candidates, same policies) and prints, per candidate, policy
 * and headline metric of NAS Fig. 3: the bias (mean over seeds of candidate ÷ reference
 * − 1, with its 95 % interval over the paired seeds), the reference's spread (standard
 * deviation of its figure over the seeds ÷ its mean) and whether |bias| ≤ spread.
 *
 *   node --conditions=@rackwise/source --import tsx bench/seed-bias.ts <hours> <seed,…|a..b> [--versus <policy>] [--markdown <file>]
 *
 * `--versus P` judges every other policy's figures divided by P's under the same setting
 * and seed (the ratio a comparison of schedulers reports) instead of each policy's own.
 *
 * Writes `results/seed-bias-<hours>h.json`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ModelErrorFile, biasMarkdown, parseSeeds, seedBias } from '../src/internal/seed-bias.js';

const args = process.argv.slice(2).filter((a) => a !== '--');
const markdownAt = args.indexOf('--markdown');
const markdownPath = markdownAt >= 0 ? args.splice(markdownAt, 2)[1] : undefined;
const versusAt = args.indexOf('--versus');
const versus = versusAt >= 0 ? args.splice(versusAt, 2)[1] : undefined;
const [hoursText = '0.25', seedsText = '1..8'] = args;
const hours = Number(hoursText);
const folder = fileURLToPath(new URL('../results/', import.meta.url));
const files: ModelErrorFile[] = [];
for (const seed of parseSeeds(seedsText)) {
  const path = `${folder}model-error-${hours}h-seed${seed}.json`;
  if (!existsSync(path)) throw new Error(`${path}: missing — run bench/model-error.ts --seed ${seed} first`);
  files.push(JSON.parse(readFileSync(path, 'utf8')) as ModelErrorFile);
}
const rows = seedBias(files, versus);
const reference = JSON.stringify(files[0]!.reference);
mkdirSync(folder, { recursive: true });
writeFileSync(
  `${folder}seed-bias-${hours}h${versus === undefined ? '' : `-versus-${versus}`}.json`,
  `${JSON.stringify({ hours, reference, rows }, null, 2)}\n`,
);
const text = biasMarkdown(rows, reference, hours);
if (markdownPath !== undefined) writeFileSync(markdownPath, text);
process.stdout.write(text);
