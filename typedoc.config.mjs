// API reference of the public packages: `pnpm docs:api` writes it to docs/api/ (git-ignored);
// `node scripts/check-api-docs.mjs` (part of `pnpm test`) converts the same entry points
// and fails on broken links and on undocumented exports of @rackwise/types.
import { fileURLToPath } from 'node:url';
import { publicPackages } from './scripts/public-packages.mjs';

/** Each public package's source entry points: its exports' `@rackwise/source` targets. */
const entryPoints = publicPackages(fileURLToPath(new URL('.', import.meta.url))).flatMap((pkg) =>
  Object.values(pkg.manifest.exports ?? {})
    .map((target) => target?.['@rackwise/source'])
    .filter((source) => typeof source === 'string')
    .map((source) => `${pkg.dir}/${source.replace(/^\.\//, '')}`),
);

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'rackwise',
  entryPoints,
  entryPointStrategy: 'resolve',
  tsconfig: 'tsconfig.base.json',
  plugin: ['./scripts/typedoc-package-names.mjs'],
  out: 'docs/api',
  readme: 'none',
  // `pnpm typecheck` type-checks every package; checking again here would triple the time.
  skipErrorChecking: true,
  // No public repository to link a declaration's source to: a clone's `origin` is a path
  // or nothing, which TypeDoc reports as an error.
  disableSources: true,
  excludePrivate: true,
  excludeInternal: true,
  sort: ['source-order'],
  validation: { notExported: true, invalidLink: true, rewrittenLink: true, notDocumented: false },
  // What `--validation.notDocumented` (and check-api-docs.mjs, for @rackwise/types) asks a
  // doc comment of: every kind an export or interface member can be, parameters excepted.
  requiredToBeDocumented: [
    'Module',
    'Enum',
    'EnumMember',
    'Variable',
    'Function',
    'Class',
    'Interface',
    'Constructor',
    'Property',
    'Method',
    'Accessor',
    'TypeAlias',
  ],
};
