import envPaths from 'env-paths';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where Docent keeps its data: DOCENT_HOME when set, otherwise the platform's app-data folder
 * (~/.local/share/docent, ~/Library/Application Support/docent, %APPDATA%\docent\Data).
 */
export function docentHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.DOCENT_HOME ? resolve(env.DOCENT_HOME) : envPaths('docent', { suffix: '' }).data;
}

export function defaultDbPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(docentHome(env), 'index.sqlite');
}

/**
 * Where Docent keeps files it derives and can make again (the built-in encoder translated for
 * onnxruntime): DOCENT_CACHE when set, else `cache/` in Docent's data folder.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DOCENT_CACHE ? resolve(env.DOCENT_CACHE) : join(docentHome(env), 'cache');
}

/** The settings the app and `docent serve` share (a JSON file beside the index). */
export function settingsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(docentHome(env), 'settings.json');
}

/**
 * The models folder users put model files in: DOCENT_MODELS when set, else `models/` of the
 * checkout this code runs from; in the installed desktop app (whose code sits in a read-only
 * archive) `models/` in Docent's data folder.
 */
export function modelsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DOCENT_MODELS) return resolve(env.DOCENT_MODELS);
  const beside = fileURLToPath(new URL('../../models/', import.meta.url));
  return /[\\/]app\.asar[\\/]/.test(beside) ? join(docentHome(env), 'models') : beside;
}
