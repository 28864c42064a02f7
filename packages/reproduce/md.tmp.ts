import { readFileSync } from 'node:fs';
import { reproductionMapMarkdown } from './src/reproduction-markdown.js';
const map = JSON.parse(readFileSync(process.argv[2]!, 'utf8'), (k, v) => (v === null ? Number.NaN : v));
console.log(reproductionMapMarkdown(map));
