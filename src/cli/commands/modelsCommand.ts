import { hashesSettled } from '../../pipeline/models/download.js';
import { listModels } from '../../server/models.js';
import { addModel, downloadModel } from '../../server/modelInstall.js';
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

/** `docent models add PATH`: copies a GGUF file (checked) or an ONNX encoder folder into the models folder. */
export function runModelsAdd(path: string): void {
  const name = addModel(modelsDir(), path);
  process.stdout.write(`Added ${name} to ${modelsDir()}\n`);
}

/**
 * `docent models download <id>`: fetches a recommended model into the models folder (only when
 * asked), with a progress bar; an interrupted download resumes; the SHA-256 is checked.
 */
export async function runModelsDownload(id: string): Promise<void> {
  const progress = new Progress();
  let current = -1;
  try {
    const files = await downloadModel(modelsDir(), id, (p) => {
      if (p.fileIndex !== current && p.total) {
        progress.stop();
        current = p.fileIndex;
        progress.start(`Downloading ${p.file}${p.resumedFrom ? ` (resumed at ${size(p.resumedFrom)})` : ''}`, Math.round(p.total / 2 ** 20), 'MB');
      }
      if (p.fileIndex === current) progress.update(Math.round(p.received / 2 ** 20));
    });
    progress.stop();
    for (const f of files) {
      process.stdout.write(f.present ? `${f.path}: already there\n` : `${f.path}: ${size(f.size)}, sha256 ${f.sha256}${f.resumedFrom ? ` (resumed at ${size(f.resumedFrom)})` : ''}\n`);
    }
  } finally {
    progress.stop();
  }
}
