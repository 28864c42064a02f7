#!/usr/bin/env node
/**
 * Checks the path for users with their own scheduler the way they would take it: packs
 * @rackwise/types, @rackwise/host, @rackwise/policy-fair and @rackwise/policy-nas (and
 * their own dependencies: policy-kit, topology, predictor, estimators) into tarballs,
 * installs them with npm into a fresh folder outside the workspace, copies
 * examples/embed-policy/src there, typechecks it against the packed declarations and runs
 * it with `--check`.
 *
 * With `--package policy-fcs`, does the same for @rackwise/policy-fcs alone (its
 * dependencies policy-kit and estimators packed too) with a small program that creates
 * the policy on a user order of its own and checks its preemption extension.
 *
 * Fails when the install pulls in any other @rackwise package (the engine above all),
 * when the packed types do not typecheck the example, or when the example's own check
 * fails. The folder is removed afterwards unless KEEP=1.
 *
 *   node scripts/check-embed-from-tarballs.mjs
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** A source-level smoke check of @rackwise/policy-fcs installed alone. */
const FCS_CHECK = `import { FCS_DEFAULTS, type FcsConfig, createFcsPolicy } from '@rackwise/policy-fcs';
import type { UserOrder } from '@rackwise/types';

const order: UserOrder = { name: 'mine', order: () => [] };
const config: Partial<FcsConfig> = { userOrder: order, migrationDelay: 61 };
const policy = createFcsPolicy(config, { random: { next: () => 0, int: () => 0 } });
if (policy.specificationVersion !== 'v1' || policy.preemption?.mode !== 'work-conserving') {
  throw new Error('policy-fcs: not a work-conserving v1 policy');
}
if (FCS_DEFAULTS.slacknessBound !== 5 || FCS_DEFAULTS.maxPreemptableProgress !== 0.7) {
  throw new Error('policy-fcs: unexpected defaults');
}
console.log(\`policy-fcs: created \${policy.name}, preemption \${policy.preemption.mode}\`);
`;
// What the program imports, then what those depend on (installed through overrides).
const MODES = {
  'embed-policy': {
    direct: ['types', 'host', 'policy-fair', 'policy-nas'],
    indirect: ['policy-kit', 'topology', 'predictor', 'estimators'],
  },
  'policy-fcs': {
    direct: ['types', 'policy-fcs'],
    indirect: ['policy-kit', 'estimators'],
    source: FCS_CHECK,
  },
};
const flag = process.argv.indexOf('--package');
const modeName = flag >= 0 ? process.argv[flag + 1] : 'embed-policy';
const MODE = MODES[modeName];
if (MODE === undefined) {
  process.stderr.write(`--package must be one of ${Object.keys(MODES).join(', ')}, got ${modeName}\n`);
  process.exit(2);
}
const DIRECT = MODE.direct;
const PACKED = [...DIRECT, ...MODE.indirect];
const ALLOWED = new Set(PACKED.map((p) => `@rackwise/${p}`));
// The tool versions the workspace pins, so the check does not float.
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
const TOOLS = Object.fromEntries(['tsx', 'typescript', '@types/node'].map((name) => [name, pinned[name]]));
// turbo and pnpm come from the workspace, as under `pnpm run`.
process.env.PATH = `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`;

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    process.stderr.write(`${command} ${args.join(' ')} (in ${cwd}) failed with exit ${result.status}\n`);
    process.stderr.write(`${result.stdout}\n${result.stderr}\n`);
    process.exit(1);
  }
  return result.stdout;
}

const folder = mkdtempSync(join(tmpdir(), 'rackwise-embed-'));
try {
  run(
    process.execPath,
    [
      'scripts/turbo.mjs',
      'run',
      'build',
      ...DIRECT.map((name) => `--filter=@rackwise/${name}...`),
      '--output-logs=errors-only',
    ],
    root,
  );
  const pnpm = join(root, 'node_modules', '.bin', 'pnpm');
  const tarballs = {};
  for (const name of PACKED) {
    const out = run(pnpm, ['pack', '--pack-destination', folder], join(root, 'packages', name));
    const file = out.trim().split('\n').at(-1).trim();
    tarballs[`@rackwise/${name}`] = `file:${file}`;
  }
  const app = join(folder, 'app');
  if (MODE.source === undefined) {
    cpSync(join(root, 'examples', 'embed-policy', 'src'), join(app, 'src'), { recursive: true });
  } else {
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'src', 'main.ts'), MODE.source);
  }
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: 'embed-policy-check',
        private: true,
        type: 'module',
        dependencies: Object.fromEntries(
          DIRECT.map((name) => [`@rackwise/${name}`, tarballs[`@rackwise/${name}`]]),
        ),
        // Not published yet: point the packages' own dependencies at their tarballs too.
        overrides: Object.fromEntries(
          PACKED.filter((name) => !DIRECT.includes(name)).map((name) => [
            `@rackwise/${name}`,
            tarballs[`@rackwise/${name}`],
          ]),
        ),
        devDependencies: TOOLS,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        include: ['src'],
      },
      null,
      2,
    )}\n`,
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], app);

  const installed = readdirSync(join(app, 'node_modules', '@rackwise')).map((n) => `@rackwise/${n}`);
  const extra = installed.filter((n) => !ALLOWED.has(n));
  if (extra.length > 0) {
    process.stderr.write(
      `the embed example pulled in ${extra.join(', ')}; only ${[...ALLOWED].join(', ')} may come\n`,
    );
    process.exit(1);
  }
  run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], app);
  const output = run(join(app, 'node_modules', '.bin', 'tsx'), ['src/main.ts', '--check'], app);
  process.stdout.write(output);
  process.stdout.write(
    `${modeName}: typechecked and ran from packed tarballs with only ${installed.sort().join(', ')} installed\n`,
  );
} finally {
  if (process.env.KEEP === '1') process.stdout.write(`kept ${folder}\n`);
  else rmSync(folder, { recursive: true, force: true });
}
