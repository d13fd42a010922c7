import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DocentError } from '../../shared/errors.js';
import type { HistoryMessage } from './types.js';

/** A conversation as a file or a request holds it: `[{"role": "user"|"assistant", "text": "..."}]`. */
export const historySchema = z
  .array(z.object({ role: z.enum(['user', 'assistant']), text: z.string().max(100_000) }).strict())
  .max(1000);

/** The user's earlier messages, most recent first (what a follow-up most likely leans on). */
export function earlierUserTurns(history: readonly HistoryMessage[]): string[] {
  return history.filter((m) => m.role === 'user' && m.text.trim()).map((m) => m.text).reverse();
}

export function parseHistory(json: unknown, where: string): HistoryMessage[] {
  const parsed = historySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new DocentError(`${where} is not a conversation${at}: ${issue.message}`, 'Expected a JSON list like [{"role": "user", "text": "Wat is houtmulch?"}, {"role": "assistant", "text": "..."}].');
  }
  return parsed.data;
}

export function readHistoryFile(path: string): HistoryMessage[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new DocentError(`cannot read the history file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 'Check the path and that the file is readable.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new DocentError(`the history file ${path} is not valid JSON: ${(err as Error).message}`, 'Expected a JSON list like [{"role": "user", "text": "..."}].');
  }
  return parseHistory(json, `the history file ${path}`);
}
