/** Writes the validation's figures (JSON) and docs/network-validation.md. */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { CollectedResults } from './collect.js';
import { renderMarkdown } from './markdown.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;

export function writeReport(results: CollectedResults): void {
  mkdirSync(`${DOCS}network-validation`, { recursive: true });
  writeFileSync(`${DOCS}network-validation/results.json`, `${JSON.stringify(results)}\n`);
  const { markdown, charts } = renderMarkdown(results);
  for (const [name, svg] of Object.entries(charts)) writeFileSync(`${DOCS}network-validation/${name}`, svg);
  writeFileSync(`${DOCS}network-validation.md`, markdown);
}
