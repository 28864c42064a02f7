// TypeDoc plugin: names each entry-point module after its package (`@rackwise/types`)
// instead of its path (`types/src`), and heads a module that has no doc comment of its own with
// its package's description.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Comment, Converter, ReflectionKind } from 'typedoc';

function packageOf(fileName) {
  for (let dir = dirname(fileName); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8'));
  }
  return undefined;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const fileName = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName;
    const manifest = fileName === undefined ? undefined : packageOf(fileName);
    if (manifest === undefined) return;
    reflection.name = manifest.name;
    if (!reflection.comment && manifest.description) {
      reflection.comment = new Comment([{ kind: 'text', text: manifest.description }]);
    }
  });
}
