import { copyFileSync, existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { RECOMMENDED_MODELS, hubUrl } from '../../pipeline/models/catalog.js';
import { downloadFile, hashesSettled } from '../../pipeline/models/download.js';
import { assertGguf } from '../../pipeline/llm/localLlm.js';
import { listModels } from '../../server/models.js';
import { DocentError } from '../../shared/errors.js';
import { modelsDir } from '../context.js';
import { printJson } from '../output.js';
import { Progress } from '../progress.js';

const size = (b: number): string => (b >= 2 ** 30 ? `${(b / 2 ** 30).toFixed(2)} GB` : `${(b / 2 ** 20).toFixed(1)} MB`);

/** `docent models`: what is installed (size, SHA-256) and what can be downloaded. */
export async function runModelsList(opts: { json?: boolean }): Promise<void> {
  const dir = modelsDir();
  listModels(dir, []);
  await hashesSettled(); // a checksum not known yet is worked out now, so the list is complete
  const { installed, recommended } = listModels(dir, []);
  if (opts.json) return printJson({ folder: dir, installed, recommended });
  process.stdout.write(`Models folder: ${dir}\n`);
  if (installed.length === 0) process.stdout.write('No models installed: the built-in engines answer.\n');
  for (const m of installed) process.stdout.write(`  ${m.name}  ${m.kind}  ${size(m.size)}  sha256 ${m.sha256 ?? '?'}\n`);
  process.stdout.write('Recommended (docent models download <id>):\n');
  for (const m of recommended) process.stdout.write(`  ${m.id}${m.installed ? ' (installed)' : ''}: ${m.purpose}\n`);
}

/** `docent models add FILE`: copies a GGUF model into the models folder, after checking it is one. */
export function runModelsAdd(file: string): void {
  if (!existsSync(file) || !statSync(file).isFile()) throw new DocentError(`no such file: ${file}`, 'Give the path of a .gguf model file.');
  assertGguf(file);
  const dest = join(modelsDir(), basename(file));
  if (existsSync(dest)) throw new DocentError(`${basename(file)} is already in the models folder`);
  copyFileSync(file, dest);
  process.stdout.write(`Added ${basename(file)} to ${modelsDir()}\n`);
}

/**
 * `docent models download <id>`: fetches a recommended model into the models folder (only when
 * asked), with a progress bar; an interrupted download resumes; the SHA-256 is checked.
 */
export async function runModelsDownload(id: string): Promise<void> {
  const model = RECOMMENDED_MODELS.find((m) => m.id === id);
  if (!model) throw new DocentError(`no recommended model "${id}"`, `Choose one of: ${RECOMMENDED_MODELS.map((m) => m.id).join(', ')}.`);
  const progress = new Progress();
  const base = model.kind === 'gguf' ? modelsDir() : join(modelsDir(), model.fileName);
  try {
    for (const f of model.files) {
      const dest = join(base, f.path);
      if (existsSync(dest)) {
        process.stdout.write(`${f.path}: already there\n`);
        continue;
      }
      let started = false;
      const r = await downloadFile({
        url: hubUrl(f.url),
        dest,
        sha256: f.sha256,
        onProgress: (p) => {
          if (!started && p.total) {
            started = true;
            progress.start(`Downloading ${p.file}${p.resumedFrom ? ` (resumed at ${size(p.resumedFrom)})` : ''}`, Math.round(p.total / 2 ** 20), 'MB');
          }
          if (started) progress.update(Math.round(p.received / 2 ** 20));
        },
      });
      progress.stop();
      process.stdout.write(`${f.path}: ${size(r.size)}, sha256 ${r.sha256}${r.resumedFrom ? ` (resumed at ${size(r.resumedFrom)})` : ''}\n`);
    }
  } finally {
    progress.stop();
  }
}
