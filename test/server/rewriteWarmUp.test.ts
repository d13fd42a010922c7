import { describe, expect, it } from 'vitest';
import { rewrite } from '../../src/pipeline/rewrite/rewrite.js';
import { aboutPassage, twoByte, WARM_UP_CONVERSATIONS, warmUpRewrite } from '../../src/server/rewriteWarmUp.js';

describe('warming the Rewrite engine up', () => {
  it('takes the engine through follow-ups it rewrites, in English, Dutch, German and French', async () => {
    const results = [];
    for (const { history, queries } of WARM_UP_CONVERSATIONS) for (const q of queries) results.push((await rewrite(q, history)).result);
    // Every made-up follow-up is one the engine works on (none passes through untouched).
    for (const r of results) expect(r.engine, r.original_query).toBe('lexical');
    expect(results.filter((r) => r.rewritten).length).toBeGreaterThanOrEqual(results.length - 2);
    expect(new Set(results.map((r) => r.language))).toEqual(new Set(['en', 'nl', 'de', 'fr']));
  });

  it('reads a text held in two bytes a character as the same text', async () => {
    const { history, queries } = WARM_UP_CONVERSATIONS[0]!;
    const wide = history.map((m) => ({ role: m.role, text: twoByte(m.text) }));
    expect(wide.map((m) => m.text)).toEqual(history.map((m) => m.text));
    const [narrowRun, wideRun] = [await rewrite(queries[0]!, history), await rewrite(twoByte(queries[0]!), wide)];
    expect(wideRun.result).toEqual(narrowRun.result);
  });

  it('stops when told, between rewrites', async () => {
    let asked = 0;
    const { ms, questions } = await warmUpRewrite(5, undefined, () => ++asked > 3);
    expect(asked).toBe(4);
    expect(questions).toBe(3);
    expect(ms).toBeGreaterThan(0);
  });

  it('also asks three follow-ups of each passage of the user\'s own documents, in the passage\'s language', async () => {
    const builtIn = WARM_UP_CONVERSATIONS.reduce((n, c) => n + c.queries.length, 0);
    const passages = ['The warranty on the Daikin heat pump runs five years from installation.', 'De huur gaat per 1 juli omhoog met 3,1 procent, zegt de verhuurder.'];
    const { questions } = await warmUpRewrite(1, undefined, () => false, passages);
    expect(questions).toBe(builtIn + 3 * passages.length);
    const [en, nl] = passages.map((p, i) => aboutPassage(p, i));
    expect(en!.history.map((m) => m.text)).toEqual(['What do my files say about The warranty on the?', passages[0]]);
    expect(nl!.history[0]!.text).toBe('Wat staat er in mijn bestanden over De huur gaat per?');
    for (const [c, lang] of [[en!, 'en'], [nl!, 'nl']] as const) {
      expect(c.queries).toHaveLength(3);
      for (const q of c.queries) expect((await rewrite(q, c.history)).result.language, q).toBe(lang);
    }
  });
});
