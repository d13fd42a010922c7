import { execFileSync } from 'node:child_process';
import { REPO } from './helpers/tmp.js';

/** The CLI tests run the real `bin/docent.js`, which runs the compiled code: build it once. */
export default function setup(): void {
  execFileSync(process.execPath, [`${REPO}node_modules/typescript/bin/tsc`, '-p', 'tsconfig.build.json'], { cwd: REPO, stdio: 'inherit' });
}
