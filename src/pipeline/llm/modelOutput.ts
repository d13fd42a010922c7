import type { z } from 'zod';

/** Names of languages as a prompt tells a model which one to answer in. */
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', nl: 'Dutch', de: 'German', fr: 'French', es: 'Spanish', ru: 'Russian' };

export const languageName = (code: string): string => LANGUAGE_NAMES[code] ?? code;

/**
 * A model's JSON output, parsed and checked against its schema (a grammar constrains the shape,
 * but output cut off at the token limit is incomplete). Throws saying which of the two failed.
 */
export function parseModelJson<T>(text: string, schema: z.ZodType<T>, names: { what: string; contract: string }): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the model's ${names.what} is not complete JSON (${text.length} characters)`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`the model's ${names.what} does not fit ${names.contract}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}
