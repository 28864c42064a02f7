import { mkdirSync, writeFileSync } from 'node:fs';
import { collect } from './collect.js';
import { renderMarkdown } from './markdown.js';
const r = await collect(false, (l) => process.stderr.write(`${l}\n`), ['reno-200ms']);
const { markdown, charts } = renderMarkdown(r);
mkdirSync('/tmp/nv/network-validation', { recursive: true });
writeFileSync('/tmp/nv/network-validation.md', markdown);
writeFileSync('/tmp/nv/results.json', JSON.stringify(r));
for (const [k, v] of Object.entries(charts)) writeFileSync(`/tmp/nv/network-validation/${k}`, v);
