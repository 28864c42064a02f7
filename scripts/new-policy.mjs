#!/usr/bin/env node
// Starts a policy package from examples/policy-template:
//   node scripts/new-policy.mjs <name> "<description>"
// writes packages/policy-<name> with the house configuration (scripts/scaffold-package.mjs:
// published, `check:package`, workspace deps) and the template's sources and tests, renamed
// (createTemplatePolicy → create<Name>Policy, templatePolicy → <name>Policy,
// TemplateConfig → <Name>Config, TEMPLATE_DEFAULTS → <NAME>_DEFAULTS, reason codes and
// messages `template/…` → `<name>/…`). Only src/ and the configuration are taken from the
// template, never its build output (dist/, .turbo/) or node_modules/. The description may
// hold any characters (quotes, apostrophes, backslashes, `*/`): it is written as a string
// literal and as comment text escaped for each. `--into <dir>` writes the package under
// <dir> instead of packages/ (the generator's own test does).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const intoAt = args.indexOf('--into');
const into = intoAt >= 0 ? args.splice(intoAt, 2)[1] : join(root, 'packages');
const [name, description] = args;
if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || !description || !into) {
  console.error('usage: new-policy.mjs <kebab-case-name> "<description>" [--into <dir>]');
  process.exit(2);
}
const dir = `policy-${name}`;
const target = join(into, dir);
if (existsSync(target)) {
  console.error(`${target} exists already`);
  process.exit(1);
}

const words = name.split('-');
const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const camel = pascal[0].toLowerCase() + pascal.slice(1);
const upper = words.join('_').toUpperCase();
/** `text` as a single-quoted TypeScript string literal. */
const stringLiteral = (text) =>
  `'${JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
/** `text` safe inside a `/** … *\/` comment on one line. */
const commentText = (text) => text.replaceAll('*/', '*\\/').replace(/\s+/g, ' ');
const rename = (text) =>
  text
    .replaceAll('@rackwise/policy-template', `@rackwise/${dir}`)
    .replaceAll('./template-', `./${name}-`)
    .replaceAll('createTemplatePolicy', `create${pascal}Policy`)
    .replaceAll('templatePolicy', `${camel}Policy`)
    .replaceAll('TemplateConfig', `${pascal}Config`)
    .replaceAll('TEMPLATE_DEFAULTS', `${upper}_DEFAULTS`)
    .replace(/(['`])template(?=[/'`:])/g, `$1${name}`)
    .replaceAll("'random job order, node-local maps first (a template to copy)'", () =>
      stringLiteral(description),
    )
    .replaceAll('a minimal rackwise policy package to copy.', () => commentText(description));

const scaffold = spawnSync(
  process.execPath,
  [
    join(root, 'scripts', 'scaffold-package.mjs'),
    dir,
    `@rackwise/${dir}`,
    description,
    '@rackwise/types',
    '--into',
    into,
  ],
  { cwd: root, stdio: 'inherit' },
);
if (scaffold.status !== 0) process.exit(scaffold.status ?? 1);

const manifest = join(target, 'package.json');
const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
pkg.devDependencies = { '@rackwise/testkit': 'workspace:*' };
writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);

const source = join(root, 'examples', 'policy-template', 'src');
for (const file of readdirSync(source)) {
  const text = rename(readFileSync(join(source, file), 'utf8'));
  writeFileSync(join(target, 'src', file.replace(/^template-/, `${name}-`)), text);
}
console.log(`${target}: the template's policy as create${pascal}Policy and ${camel}Policy.
Next, from the root: npx -y pnpm@9.15.9 install (links it; wrap it in flock /tmp/pnpm-install.lock when
other installs share the store), npx biome check --write packages/${dir}, then in packages/${dir}:
npx vitest run && npx tsc -p tsconfig.json`);
