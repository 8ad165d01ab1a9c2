#!/usr/bin/env node
// The CLI's entry point: `node bin/scanpin.js …`, and `npx scanpin …` through packages/cli (docs/developing.md,
// "Running the CLI"); the TypeScript is compiled to dist/ by `npm install` (prepare script).
import '../dist/src/cli/main.js';
