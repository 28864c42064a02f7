// The policy generator takes any description: the package it writes parses and typechecks,
// and the policy's summary reads back exactly the description given. Run with
// `node --test scripts/*.test.mjs` (part of `pnpm test`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** `@rackwise/x` → its source entry, as the workspace resolves it. */
function workspacePaths() {
  const paths = {};
  for (const group of ['packages', 'examples']) {
    for (const dir of readdirSync(join(ROOT, group))) {
      const manifest = join(ROOT, group, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const source = pkg.exports?.['.']?.['@rackwise/source'];
      if (typeof source === 'string') paths[pkg.name] = [join(ROOT, group, dir, source)];
    }
  }
  return paths;
}

const DESCRIPTIONS = [
  `Bob's "quoted" policy: C:\\temp\\new, a \\' and a \\\\ and */ too`,
  `it's $' and $& and \`template\` and \${x}`,
];

test('the generated package typechecks and keeps the description verbatim, whatever it holds', () => {
  // Under the checkout's own tmp/ (ignored by git), so vitest and fast-check resolve from
  // the root's node_modules.
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const into = mkdtempSync(join(ROOT, 'tmp', 'new-policy-'));
  try {
    const files = [];
    DESCRIPTIONS.forEach((description, i) => {
      const name = `quoted-${i}`;
      const run = spawnSync(
        process.execPath,
        [join(ROOT, 'scripts', 'new-policy.mjs'), name, description, '--into', into],
        { encoding: 'utf8' },
      );
      assert.equal(run.status, 0, run.stderr);
      const src = join(into, `policy-${name}`, 'src');
      files.push(...readdirSync(src).map((f) => join(src, f)));
      const manifest = JSON.parse(readFileSync(join(into, `policy-${name}`, 'package.json'), 'utf8'));
      assert.equal(manifest.description, description);
      // The policy's summary is a string literal whose value is the description.
      const policyFile = join(src, `${name}-policy.ts`);
      const sourceFile = ts.createSourceFile(
        policyFile,
        readFileSync(policyFile, 'utf8'),
        ts.ScriptTarget.ES2022,
      );
      const summaries = [];
      const visit = (node) => {
        if (ts.isPropertyAssignment(node) && node.name.getText(sourceFile) === 'summary')
          summaries.push(node.initializer);
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
      assert.equal(summaries.length, 1);
      assert.ok(ts.isStringLiteral(summaries[0]));
      assert.equal(summaries[0].text, description);
    });
    const base = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config;
    const { options } = ts.convertCompilerOptionsFromJson(
      { ...base.compilerOptions, paths: workspacePaths(), noEmit: true },
      ROOT,
    );
    const program = ts.createProgram({ rootNames: files, options });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file === undefined || d.file.fileName.startsWith(into))
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    assert.deepEqual(diagnostics, []);
  } finally {
    rmSync(into, { recursive: true, force: true });
  }
});
