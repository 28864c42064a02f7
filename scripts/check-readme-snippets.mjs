#!/usr/bin/env node
// Keeps the documentation true as a newcomer runs it:
//   1. every ```ts / ```typescript block of every README.md and of CONTRIBUTING.md is
//      typechecked as a module of its own against the workspace packages' sources, with the
//      house compiler options (a fragment fails: a snippet imports what it uses);
//   2. a README whose install line (`npm install …`) sits beside its examples names every
//      rackwise package those examples import;
//   3. every relative link and image of every Markdown file resolves to a file (and a
//      `#fragment` into a Markdown file to one of its headings).
// Exits 1 with one line per fault (file:line). `--files a.md b.md` checks those files only.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Links the lead fills in later; tolerated until the file exists.
const PENDING_LINK_TARGETS = new Set(['docs/main-job.svg']);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.turbo', '.git', 'coverage', 'tmp', 'results']);

const faults = [];
const fault = (file, line, message) => faults.push(`${relative(ROOT, file)}:${line}: ${message}`);

function markdownFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry) || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) markdownFiles(path, out);
    else if (entry.endsWith('.md')) out.push(path);
  }
  return out;
}

/** Fenced blocks of a Markdown text: language, first line of the body (1-based), body. */
function fencedBlocks(text) {
  const blocks = [];
  const lines = text.split('\n');
  let open = null;
  lines.forEach((line, index) => {
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (open === null) {
      if (fence)
        open = { marker: fence[2], indent: fence[1].length, lang: fence[3], start: index + 2, body: [] };
      return;
    }
    if (fence?.[2].startsWith(open.marker) && fence[3] === '') {
      blocks.push({ lang: open.lang, start: open.start, body: open.body.join('\n') });
      open = null;
      return;
    }
    open.body.push(line.slice(Math.min(open.indent, line.length - line.trimStart().length)));
  });
  return blocks;
}

const isSnippetDocument = (file) => {
  const name = relative(ROOT, file);
  return name.endsWith('README.md') || name === 'CONTRIBUTING.md';
};

// --- 1 and 2: snippets -----------------------------------------------------------------

function workspacePaths() {
  const paths = {};
  for (const group of ['packages', 'examples']) {
    for (const dir of readdirSync(join(ROOT, group))) {
      const manifest = join(ROOT, group, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
        const source = target?.['@rackwise/source'];
        if (typeof source !== 'string') continue;
        paths[`${pkg.name}${subpath.slice(1)}`] = [join(ROOT, group, dir, source)];
      }
    }
  }
  return paths;
}

const importedPackages = (code) =>
  [...code.matchAll(/\bfrom\s+['"]((?:@rackwise\/[\w-]+)|rackwise)['"]/g)].map((match) => match[1]);

function installedPackages(blocks) {
  const lines = blocks
    .filter((block) => ['sh', 'bash', 'shell', ''].includes(block.lang))
    .flatMap((block) => block.body.split('\n'))
    .filter((line) => /\bnpm (install|i)\b|\bpnpm add\b/.test(line));
  if (lines.length === 0) return null;
  return new Set(lines.flatMap((line) => line.split(/\s+/)).map(packageOfWord));
}

/** `@rackwise/host`, `@rackwise/host@0.3.0` or a path ending in `packages/host`: the package's name. */
function packageOfWord(word) {
  const folder = /(?:^|\/)packages\/([\w-]+)\/?$/.exec(word);
  const manifest = folder && join(ROOT, 'packages', folder[1], 'package.json');
  if (manifest && existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).name;
  return word.replace(/(.)@[^@/]*$/, '$1');
}

function checkSnippets(files) {
  const out = join(ROOT, 'node_modules', '.readme-snippets');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const origin = new Map();
  for (const file of files.filter(isSnippetDocument)) {
    const text = readFileSync(file, 'utf8');
    const blocks = fencedBlocks(text);
    const snippets = blocks.filter((block) => block.lang === 'ts' || block.lang === 'typescript');
    const installed = installedPackages(blocks);
    const own = existsSync(join(dirname(file), 'package.json'))
      ? JSON.parse(readFileSync(join(dirname(file), 'package.json'), 'utf8')).name
      : undefined;
    snippets.forEach((snippet, index) => {
      const name = `${relative(ROOT, file).replaceAll(/[\\/]/g, '__')}.${index + 1}.ts`;
      const isModule = /^\s*(import|export)\s/m.test(snippet.body);
      writeFileSync(join(out, name), `${snippet.body}\n${isModule ? '' : 'export {};\n'}`);
      origin.set(join(out, name), { file, start: snippet.start });
      if (installed === null) return;
      for (const pkg of importedPackages(snippet.body)) {
        if (pkg !== own && !installed.has(pkg)) {
          fault(file, snippet.start, `the example imports ${pkg}, which the install line does not name`);
        }
      }
    });
  }
  if (origin.size === 0) return;

  const base = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config;
  const { options } = ts.convertCompilerOptionsFromJson(
    { ...base.compilerOptions, paths: workspacePaths() },
    ROOT,
  );
  const program = ts.createProgram({ rootNames: [...origin.keys()], options });
  for (const [path, { file, start }] of origin) {
    const source = program.getSourceFile(path);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const diagnostic of diagnostics) {
      const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      fault(file, start + line, `col ${character + 1}: TS${diagnostic.code} ${message}`);
    }
  }
  return origin.size;
}

// --- 3: links --------------------------------------------------------------------------

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(text) {
  const anchors = new Set();
  const seen = new Map();
  let inFence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function checkLinks(files) {
  const anchorsOf = new Map();
  const anchors = (path) => {
    if (!anchorsOf.has(path)) anchorsOf.set(path, headingAnchors(readFileSync(path, 'utf8')));
    return anchorsOf.get(path);
  };
  for (const file of files) {
    let inFence = false;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
        if (inFence) return;
        const prose = line.replace(/`[^`]*`/g, '');
        for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
          const target = match[1];
          if (/^[a-z][\w+.-]*:/i.test(target)) continue; // https:, mailto:
          const [pathPart, fragment] = target.split('#');
          const path = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
          if (!existsSync(path)) {
            if (!PENDING_LINK_TARGETS.has(relative(ROOT, path)))
              fault(file, index + 1, `broken link ${target}`);
            continue;
          }
          if (fragment && path.endsWith('.md') && !anchors(path).has(fragment.toLowerCase())) {
            fault(file, index + 1, `no heading for #${fragment} in ${relative(ROOT, path)}`);
          }
        }
      });
  }
}

const args = process.argv.slice(2);
const files = args[0] === '--files' ? args.slice(1).map((file) => resolve(file)) : markdownFiles(ROOT).sort();
checkLinks(files);
const snippets = checkSnippets(files);
if (faults.length > 0) {
  console.error(faults.join('\n'));
  console.error(`${faults.length} documentation fault(s)`);
  process.exit(1);
}
console.log(
  `documentation: ${files.length} Markdown files, ${snippets ?? 0} TypeScript snippets, links resolve`,
);
