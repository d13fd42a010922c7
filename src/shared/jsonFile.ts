import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * A small JSON file of the app's own (settings, window state): written whole to a temporary file
 * beside it and renamed into place, so a crash mid-write leaves the old file, never half of one.
 */
export function writeJsonFile(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, JSON.stringify(value, null, 2) + '\n');
  renameSync(`${path}.tmp`, path);
}

/** The file's value if it exists and fits `schema`; undefined when it is missing, damaged or no longer fits. */
export function readJsonFile<T>(path: string, schema: z.ZodType<T>, defaults: object = {}): T | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? { ...defaults, ...raw } : raw);
  return parsed.success ? parsed.data : undefined;
}
