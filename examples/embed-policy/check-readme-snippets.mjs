// Typechecks the TypeScript snippets of the READMEs that show embedding a policy
// (@rackwise/host's and @rackwise/policy-nas's) against the packages' real exports: each
// ```ts block is written as a module beside this example's dependencies and compiled
// with its tsconfig. A snippet using a name it never defines, or a type it does not
// have, fails here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const READMES = ['../../packages/host/README.md', '../../packages/policy-nas/README.md'];
const out = join(here, 'node_modules', '.cache', 'readme-snippets');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = [];
for (const readme of READMES) {
  const text = readFileSync(join(here, readme), 'utf8');
  const blocks = [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  if (blocks.length === 0) throw new Error(`${readme}: no ts snippet found`);
  blocks.forEach((code, i) => {
    const file = `${readme.split('/').at(-2)}-${i}.ts`;
    writeFileSync(join(out, file), `${code}\nexport {};\n`);
    files.push(file);
  });
}
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: join(here, 'tsconfig.json'),
    include: ['*.ts'],
    compilerOptions: { noUnusedLocals: false },
  }),
);
try {
  execFileSync(
    join(here, '..', '..', 'node_modules', '.bin', 'tsc'),
    ['-p', join(out, 'tsconfig.json'), '--noEmit'],
    {
      stdio: 'inherit',
    },
  );
} catch {
  console.error(`README snippets do not typecheck (${files.join(', ')} in ${out})`);
  process.exit(1);
}
console.log(`README snippets typecheck: ${files.join(', ')}`);
