// Tests of scripts/after-install.mjs's link for npx on a directory made for each test.
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { linkPinnedPnpm, pinnedPnpmName } from './after-install.mjs';

let root;
const bin = (name) => join(root, 'node_modules', '.bin', name);

function installPnpm(version) {
  mkdirSync(join(root, 'node_modules', 'pnpm'), { recursive: true });
  writeFileSync(
    join(root, 'node_modules', 'pnpm', 'package.json'),
    JSON.stringify({ name: 'pnpm', version }),
  );
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(bin('pnpm'), '#!/bin/sh\n');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'after-install-'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the link npx finds for pnpm@<version>', () => {
  it('is named after the installed version and points at the workspace pnpm', () => {
    installPnpm('9.15.9');
    assert.equal(linkPinnedPnpm(root), 'pnpm@9.15.9');
    assert.ok(lstatSync(bin('pnpm@9.15.9')).isSymbolicLink());
    assert.equal(readlinkSync(bin('pnpm@9.15.9')), 'pnpm');
  });

  it('is made again by a second install, and a former version’s link goes', () => {
    installPnpm('9.15.8');
    linkPinnedPnpm(root);
    installPnpm('9.15.9');
    assert.equal(linkPinnedPnpm(root), 'pnpm@9.15.9');
    assert.equal(linkPinnedPnpm(root), 'pnpm@9.15.9');
    assert.ok(!existsSync(bin('pnpm@9.15.8')));
    assert.ok(existsSync(bin('pnpm@9.15.9')));
  });

  it('is not made when pnpm is not installed', () => {
    assert.equal(pinnedPnpmName(root), undefined);
    assert.equal(linkPinnedPnpm(root), undefined);
    mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(bin('pnpm@9.15.8'), '');
    assert.equal(linkPinnedPnpm(root), undefined);
    assert.ok(!existsSync(bin('pnpm@9.15.8')));
  });
});
