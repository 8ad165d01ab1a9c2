import { main } from './main.js';

// The single-executable build's entry (CommonJS on Node 20, so no top-level await).
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
