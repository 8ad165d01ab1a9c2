#!/usr/bin/env node
// `npx scanpin` in a checkout: npm links this file into node_modules/.bin for the workspace, and npx
// runs what it finds there. The root package declares no bin of its own: npx would then install the
// checkout into its cache, building it again over dist/ (docs/developing.md, "Running the CLI").
import '../../../bin/scanpin.js';
