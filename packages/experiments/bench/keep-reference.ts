/**
 * Keeps the reference of `model-error.ts` runs in the repository: for each seed, the
 * reference's figures of `results/model-error-<hours>h-seed<N>.json` (its candidates
 * dropped) go to `bench/reference/exact-<hours>h-seed<N>.json`, the file
 * `model-error.ts --reference-from kept` reads. The exact model costs about 260–290 CPU s
 * per seed for four policies on FB-2010's first 15 minutes; a candidate setting then costs
 * only its own runs.
 *
 *   node --conditions=@rackwise/source --import tsx bench/keep-reference.ts <hours> <seed,…|a..b>
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ModelErrorFile, parseSeeds } from '../src/internal/seed-bias.js';

const [hoursText = '0.25', seedsText = '1..8'] = process.argv.slice(2).filter((a) => a !== '--');
const results = fileURLToPath(new URL('../results/', import.meta.url));
const kept = fileURLToPath(new URL('reference/', import.meta.url));
mkdirSync(kept, { recursive: true });
for (const seed of parseSeeds(seedsText)) {
  const file = JSON.parse(
    readFileSync(`${results}model-error-${hoursText}h-seed${seed}.json`, 'utf8'),
  ) as ModelErrorFile & { readonly trace: string; readonly cpuSeconds: readonly unknown[] };
  const reference = {
    trace: file.trace,
    reference: file.reference,
    cpuSeconds: file.cpuSeconds.slice(0, 1),
    policies: [],
    figures: file.figures.slice(0, 1),
  };
  writeFileSync(`${kept}exact-${hoursText}h-seed${seed}.json`, `${JSON.stringify(reference, null, 1)}\n`);
}
