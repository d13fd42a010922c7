#!/usr/bin/env node
// The `docent` command. Runs the compiled CLI; `npm ci` builds it (the prepare script).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('docent: the CLI is not built yet. Run `npm run build` (npm ci does it for you).\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv);
