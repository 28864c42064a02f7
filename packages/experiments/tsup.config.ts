import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.config.base';

// The worker script is its own entry: the runner loads it beside `index.js`.
export default defineConfig(packageBuild({ entry: ['src/index.ts', 'src/simulation-worker.ts'] }));
