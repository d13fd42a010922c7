#!/usr/bin/env node
// Gets a checkout ready to run or package the desktop app (`npm run app`, `npm run dist`):
//  1. Electron's own binary (npm ci skips Electron's download script; this runs it, once);
//  2. better-sqlite3 built for Electron's Node, into native/electron-<abi>/ — beside, not instead
//     of, the Node build in node_modules, so the CLI and the tests keep working.
// Both need the internet once (GitHub releases); afterwards everything is offline.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));
const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
const abi = readFileSync(join(electronDir, 'abi_version'), 'utf8').trim();

function run(cmd, args, cwd) {
  execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, npm_config_runtime: 'electron', npm_config_target: electronVersion } });
}

function fail(what, err) {
  process.stderr.write(`\ndocent: could not ${what}: ${err.message}\n` + 'This needs the internet once (GitHub releases for Electron). Check the connection and run the command again.\n');
  process.exit(1);
}

// 1. Electron's binary.
if (!existsSync(join(electronDir, 'path.txt'))) {
  process.stdout.write(`Downloading Electron ${electronVersion}…\n`);
  try {
    run(process.execPath, [join(electronDir, 'install.js')], electronDir);
  } catch (err) {
    fail(`download Electron ${electronVersion}`, err);
  }
}

// 2. better-sqlite3 for Electron.
const out = join('native', `electron-${abi}`, 'better_sqlite3.node');
if (!existsSync(out)) {
  process.stdout.write(`Building better-sqlite3 for Electron ${electronVersion} (ABI ${abi})…\n`);
  const src = dirname(require.resolve('better-sqlite3/package.json'));
  const work = join('native', '.build', 'better-sqlite3');
  rmSync(work, { recursive: true, force: true });
  cpSync(src, work, { recursive: true, filter: (p) => !p.includes(`${join(src, 'build')}`) });
  const bin = (name) => join(process.cwd(), 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
  try {
    // A prebuilt binary when one is published for this Electron; otherwise a build from source.
    try {
      run(bin('prebuild-install'), ['--runtime', 'electron', '--target', electronVersion, '--arch', process.arch, '--platform', process.platform], work);
    } catch {
      run(bin('node-gyp'), ['rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'], work);
    }
  } catch (err) {
    fail(`build better-sqlite3 for Electron ${electronVersion}`, err);
  }
  mkdirSync(dirname(out), { recursive: true });
  cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), out);
  rmSync(join('native', '.build'), { recursive: true, force: true });
}
process.stdout.write(`Electron ${electronVersion} ready; better-sqlite3 for it at ${out}\n`);
