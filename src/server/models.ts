import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Model } from '../shared/api.js';
import { RECOMMENDED_MODELS } from '../pipeline/models/catalog.js';
import { cachedSha256 } from '../pipeline/models/download.js';

/**
 * The models in the models folder: GGUF files, and ONNX encoders (a folder holding
 * onnx/model.onnx), with size and SHA-256 (hashed once per file version, then remembered), and
 * the recommended downloads with whether each is installed.
 */
export function listModels(dir: string, active: readonly string[]): { installed: Model[]; recommended: Array<{ id: string; name: string; kind: 'gguf' | 'onnx'; size: number; purpose: string; installed: boolean }> } {
  const installed: Model[] = [];
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const st = statSync(path, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isFile() && name.toLowerCase().endsWith('.gguf')) {
        installed.push({ name, kind: 'gguf', size: st.size, sha256: cachedSha256(path), active: active.includes(name) });
      } else if (st.isDirectory() && existsSync(join(path, 'onnx', 'model.onnx'))) {
        const onnx = join(path, 'onnx', 'model.onnx');
        installed.push({ name, kind: 'onnx', size: statSync(onnx).size, sha256: cachedSha256(onnx), active: active.some((a) => a.includes(name)) });
      }
    }
  }
  return {
    installed,
    recommended: RECOMMENDED_MODELS.map((m) => ({ id: m.id, name: m.fileName, kind: m.kind, size: m.size, purpose: m.purpose, installed: installed.some((i) => i.name === m.fileName) })),
  };
}
