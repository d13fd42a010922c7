#!/usr/bin/env node
// Gets a checkout ready to run or package the desktop app (`npm run app`, `npm run dist`):
//  1. Electron's own binary (npm ci skips Electron's download script; this runs it, once);
//  2. better-sqlite3 built for Electron's Node, into native/electron-<abi>/ — beside, not instead
//     of, the Node build in node_modules, so the CLI and the tests keep working.
// Both need the internet once (GitHub releases); afterwards everything is offline.
import { execFileSync, spawnSync } from 'node:child_process';
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

/** The line of a failed step's output that says why (a network error, say), without its stack trace. */
function reasonOf(output) {
  const lines = String(output ?? '').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !/^at\s/.test(l) && !/^node:internal|^\^|^\{|^\}/.test(l));
  return lines.find((l) => /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|certificate|\b40[34]\b|\b5\d\d\b/i.test(l)) ?? lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? 'unknown error';
}

function fail(what, reason) {
  process.stderr.write(
    `\ndocent: could not ${what}: ${reason}\n` +
      'This needs the internet once (GitHub releases for Electron). Check the connection and run the command again.\n' +
      'Meanwhile Docent runs in your browser, with the same app and no download: npm run web\n',
  );
  process.exit(1);
}

// 1. Electron's binary (its installer's own output kept back: on failure only the reason is shown, not a stack trace).
if (!existsSync(join(electronDir, 'path.txt'))) {
  process.stdout.write(`Downloading Electron ${electronVersion}…\n`);
  const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) fail(`download Electron ${electronVersion}`, reasonOf(`${r.stderr}\n${r.stdout}`));
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
    fail(`build better-sqlite3 for Electron ${electronVersion}`, reasonOf(err.stderr ?? err.message));
  }
  mkdirSync(dirname(out), { recursive: true });
  cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), out);
  rmSync(join('native', '.build'), { recursive: true, force: true });
}
process.stdout.write(`Electron ${electronVersion} ready; better-sqlite3 for it at ${out}\n`);
