import { copyFileSync, cpSync, existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { assertGguf } from '../pipeline/llm/localLlm.js';
import { RECOMMENDED_MODELS, hubUrl, type CatalogModel } from '../pipeline/models/catalog.js';
import { downloadFile, type DownloadProgress } from '../pipeline/models/download.js';
import { DocentError } from '../shared/errors.js';

/**
 * Puts a model the user has into the models folder: a GGUF file (its header checked first) or an
 * ONNX encoder's folder (holding onnx/model.onnx). Copied, never moved: the user's file stays.
 * Returns the name it has in the models folder.
 */
export function addModel(dir: string, path: string): string {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) throw new DocentError(`no such file or folder: ${path}`, 'Give the path of a .gguf model file or of an ONNX encoder folder.');
  const name = basename(path);
  const dest = join(dir, name);
  if (existsSync(dest)) throw new DocentError(`${name} is already in the models folder`, 'Remove or rename the one there first.');
  if (st.isDirectory()) {
    if (!existsSync(join(path, 'onnx', 'model.onnx'))) throw new DocentError(`${name} is a folder without onnx/model.onnx`, 'An ONNX encoder folder holds onnx/model.onnx and its tokenizer files, as on the Hugging Face hub.');
    cpSync(path, dest, { recursive: true, errorOnExist: true });
    return name;
  }
  if (!name.toLowerCase().endsWith('.gguf')) throw new DocentError(`${name} is not a model file`, 'Docent uses GGUF files (.gguf) for its language model.');
  assertGguf(path);
  copyFileSync(path, dest);
  return name;
}

export function recommendedModel(id: string): CatalogModel {
  const model = RECOMMENDED_MODELS.find((m) => m.id === id);
  if (!model) throw new DocentError(`no recommended model "${id}"`, `Choose one of: ${RECOMMENDED_MODELS.map((m) => m.id).join(', ')}.`);
  return model;
}

export interface ModelFileDone {
  path: string;
  size: number;
  sha256: string;
  resumedFrom: number;
  /** Already there from an earlier download. */
  present: boolean;
}

/**
 * Downloads a recommended model into the models folder, file by file: each resumes where an
 * earlier try stopped and is checked against its SHA-256 before it takes its place.
 */
export async function downloadModel(
  dir: string,
  id: string,
  onProgress: (p: DownloadProgress & { fileIndex: number; files: number }) => void = () => undefined,
  signal?: AbortSignal,
): Promise<ModelFileDone[]> {
  const model = recommendedModel(id);
  const base = model.kind === 'gguf' ? dir : join(dir, model.fileName);
  const done: ModelFileDone[] = [];
  for (const [fileIndex, f] of model.files.entries()) {
    const dest = join(base, f.path);
    if (existsSync(dest)) {
      done.push({ path: f.path, size: statSync(dest).size, sha256: '', resumedFrom: 0, present: true });
      continue;
    }
    const r = await downloadFile({ url: hubUrl(f.url), dest, sha256: f.sha256, signal, onProgress: (p) => onProgress({ ...p, fileIndex, files: model.files.length }) });
    done.push({ path: f.path, size: r.size, sha256: r.sha256, resumedFrom: r.resumedFrom, present: false });
  }
  return done;
}
