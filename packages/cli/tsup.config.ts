import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.config.base';

// `bin.ts` starts with `#!/usr/bin/env node`, which the build keeps as the banner of `dist/bin.js`.
export default defineConfig(packageBuild({ entry: ['src/index.ts', 'src/bin.ts'] }));
