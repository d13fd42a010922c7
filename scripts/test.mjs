#!/usr/bin/env node
// The project's test command: type-check, lint, then the vitest suite. Ends with one line
// `N passed, N failed` for the whole run (the checks count as one test each).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let passed = 0;
let failed = 0;

function step(name, args) {
  process.stdout.write(`\n== ${name}: ${args.join(' ')}\n`);
  const r = spawnSync(npx, args, { stdio: 'inherit' });
  if (r.status === 0) passed++;
  else {
    failed++;
    process.stdout.write(`== ${name} FAILED (exit ${r.status})\n`);
  }
}

step("typecheck", ["tsc", "-p", "tsconfig.json", "--noEmit"]);
step("typecheck main (Electron types)", ["tsc", "-p", "tsconfig.main.json", "--noEmit"]);
step('typecheck renderer (DOM, React)', ['tsc', '-p', 'tsconfig.renderer.json', '--noEmit']);
step('lint', ['eslint', '.']);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
rmSync(report, { force: true });
const extra = process.argv.slice(2);
process.stdout.write('\n== vitest\n');
const v = spawnSync(npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], {
  stdio: 'inherit',
});
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.numRuntimeErrorTests ?? 0);
  if (json.numTotalTests === 0) failed++;
  // a suite that failed to load has no tests to count but is a failure
  failed += (json.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
} catch {
  failed++;
  process.stdout.write('vitest wrote no report: counted as a failure\n');
}
if (v.status !== 0 && failed === 0) failed++;
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
