#!/usr/bin/env node
import { boundHeapGrowth } from '@rackwise/experiments';
import { nodeIo } from './cli-io.js';
import { main } from './main.js';

// A day-long replay's heap stays near twice its live data instead of four times.
boundHeapGrowth();
process.exitCode = await main(process.argv.slice(2), nodeIo());
