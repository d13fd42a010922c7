import { existsSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, resolve, sep } from 'node:path';

export interface DropPlan {
  /** Folders to index (a folder dropped inside another dropped folder is left to its parent). */
  folders: string[];
  /** Model files (.gguf) and ONNX encoder folders (holding onnx/model.onnx) to install. */
  models: string[];
  refused: Array<{ path: string; reason: string }>;
}

/** What Docent needs to know about a dropped path. */
export interface DropFs {
  kind(path: string): 'file' | 'folder' | 'missing';
  isOnnxModelFolder(path: string): boolean;
}

export const nodeDropFs: DropFs = {
  kind(path) {
    const st = statSync(path, { throwIfNoEntry: false });
    return !st ? 'missing' : st.isDirectory() ? 'folder' : 'file';
  },
  isOnnxModelFolder: (path) => existsSync(join(path, 'onnx', 'model.onnx')),
};

/**
 * Sorts what was dropped on a window: folders are indexed, a model file (or an ONNX encoder's
 * folder) is installed as a model, and anything else is refused with a reason the user can act
 * on. Nothing is read here beyond what the file system says a path is.
 */
export function planDrop(paths: readonly string[], fs: DropFs = nodeDropFs): DropPlan {
  const plan: DropPlan = { folders: [], models: [], refused: [] };
  const seen = new Set<string>();
  for (const raw of paths) {
    if (!raw || !isAbsolute(raw)) {
      plan.refused.push({ path: raw || '(no path)', reason: 'it has no place on disk (dragged from a web page or an archive?): save it to a folder first' });
      continue;
    }
    const path = resolve(raw);
    if (seen.has(path)) continue;
    seen.add(path);
    const kind = fs.kind(path);
    if (kind === 'missing') plan.refused.push({ path, reason: 'it no longer exists' });
    else if (kind === 'folder') (fs.isOnnxModelFolder(path) ? plan.models : plan.folders).push(path);
    else if (path.toLowerCase().endsWith('.gguf')) plan.models.push(path);
    else plan.refused.push({ path, reason: `${basename(path)} is a file: Docent indexes whole folders, so drop the folder that holds it` });
  }
  // A folder inside another dropped folder is indexed with it.
  plan.folders = plan.folders.filter((f) => !plan.folders.some((other) => other !== f && f.startsWith(other + sep)));
  return plan;
}
