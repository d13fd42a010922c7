import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The instruct model to rewrite with: the file named, else the largest .gguf file directly in
 * the models folder (one usually installs one chat model). Undefined when there is none.
 */
export function findLlmModel(modelsDir: string, named?: string): string | undefined {
  if (named) return named;
  if (!existsSync(modelsDir)) return undefined;
  const ggufs = readdirSync(modelsDir)
    .filter((f) => f.toLowerCase().endsWith('.gguf'))
    .map((f) => ({ path: join(modelsDir, f), size: statSync(join(modelsDir, f)).size }))
    .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path));
  return ggufs[0]?.path;
}
