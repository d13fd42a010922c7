import { readFileSync } from 'node:fs';
import { languageName } from '../../llm/modelOutput.js';
import type { SelectedTurn } from '../targetedHistory.js';

const PROMPTS = new URL('../prompts/', import.meta.url);

/** The rewrite prompts, read from the files beside the code (src/pipeline/rewrite/prompts). */
export function loadPrompts(): { system: string; user: string } {
  return {
    system: readFileSync(new URL('system.txt', PROMPTS), 'utf8').trim(),
    user: readFileSync(new URL('user.txt', PROMPTS), 'utf8').trim(),
  };
}

/** The per-call part of the prompt: the selected turns and the question. */
export function userPrompt(template: string, query: string, turns: readonly SelectedTurn[], language: string): string {
  const conversation = turns.length
    ? turns.map((t) => [t.user && `User: ${t.user}`, t.assistant && `Assistant: ${t.assistant}`].filter(Boolean).join('\n')).join('\n')
    : '(none)';
  return template
    .replace('{{conversation}}', () => conversation)
    .replace('{{language}}', () => languageName(language))
    .replace('{{query}}', () => query);
}
