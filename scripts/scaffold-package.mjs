#!/usr/bin/env node
// Creates a package skeleton under packages/<dir> with the house configuration:
//   node scripts/scaffold-package.mjs <dir> <npm-name> "<description>" [dep ...] [--into <parent>]
// Workspace deps are written as workspace:^. Existing files are never overwritten.
// `--into` puts the package under <parent> instead of packages/.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const intoAt = args.indexOf('--into');
const parent = intoAt >= 0 ? args.splice(intoAt, 2)[1] : 'packages';
const [dir, name, description, ...deps] = args;
if (!dir || !name || !description) {
  console.error('usage: scaffold-package.mjs <dir> <npm-name> "<description>" [dep ...]');
  process.exit(2);
}
const root = join(parent, dir);
mkdirSync(join(root, 'src'), { recursive: true });

const write = (file, text) => {
  const path = join(root, file);
  if (!existsSync(path)) writeFileSync(path, text);
};

const dependencies = Object.fromEntries(
  deps.map((d) =>
    d.startsWith('@rackwise/') || d === 'rackwise'
      ? [d, 'workspace:^']
      : d.split('@').length > 2 || (!d.startsWith('@') && d.includes('@'))
        ? [d.slice(0, d.lastIndexOf('@')), d.slice(d.lastIndexOf('@') + 1)]
        : [d, '*'],
  ),
);

const pkg = {
  name,
  version: '0.1.0',
  description,
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  exports: {
    '.': {
      '@rackwise/source': './src/index.ts',
      types: './dist/index.d.ts',
      import: './dist/index.js',
    },
    './internal/*': null,
    './package.json': './package.json',
  },
  files: ['dist', 'src', 'CHANGELOG.md', '!src/**/*.test.ts', '!src/**/*.test-d.ts'],
  engines: { node: '>=20' },
  publishConfig: { access: 'public' },
  repository: { type: 'git', url: 'git+https://github.com/rackwise/rackwise.git', directory: root },
  scripts: {
    build: 'tsup',
    typecheck: 'tsc -p tsconfig.json',
    test: 'vitest run',
    'check:package': 'publint --strict && attw --pack . --profile esm-only',
  },
  dependencies,
};
write('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
write(
  'tsconfig.json',
  `${JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src', '*.config.ts'] }, null, 2)}\n`,
);
write(
  'tsup.config.ts',
  "import { defineConfig } from 'tsup';\nimport { packageBuild } from '../../tsup.config.base';\n\nexport default defineConfig(packageBuild());\n",
);
write(
  'vitest.config.ts',
  "import { defineConfig, mergeConfig } from 'vitest/config';\nimport { sharedTestConfig } from '../../vitest.shared';\n\nexport default mergeConfig(sharedTestConfig, defineConfig({}));\n",
);
write('README.md', `# ${name}\n\n${description}\n`);
write('src/index.ts', `/** ${name}: ${description.replaceAll('*/', '*\\/')} */\nexport {};\n`);
console.log(`scaffolded ${root}`);
