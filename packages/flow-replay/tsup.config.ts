import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.config.base';

export default defineConfig(packageBuild());
