#!/usr/bin/env node
// Entry point of `npx scanpin`; the TypeScript is compiled to dist/ by `npm install` (prepare script).
import '../dist/src/cli/main.js';
