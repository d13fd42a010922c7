// The Rewrite stage never throws and always keeps its contract: every conversation of every
// dataset in ../shared/datasets, and 5,000 generated ones (random turns, mixed languages, emoji,
// 10 kB and empty messages, odd role orders). On all of them the engine itself must not fail
// either (its guard would hide a defect); the guard is tested apart, with a failing dependency.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { englishTags } from '../../../src/pipeline/rewrite/lexical/tagger.js';
import { rewrite, type RewriteLogger } from '../../../src/pipeline/rewrite/rewrite.js';
import { TermStats } from '../../../src/pipeline/search/termStats.js';
import type { HistoryMessage } from '../../../src/pipeline/rewrite/types.js';
import { indexedFixtureDocs } from '../../helpers/fixtureIndex.js';
import { generatedConversation } from '../../helpers/fuzzConversations.js';
import { letTheEventLoopRun } from '../../helpers/eventLoop.js';

const DATASETS = join(import.meta.dirname, '../../../../shared/datasets');

/** The RewriteResult contract, strictly. */
const Result = z
  .object({
    intent: z.enum(['factual', 'count', 'list', 'compare', 'summarize']),
    search_query: z.string(),
    resolved_query: z.string(),
    keywords: z.array(z.string().min(1)),
    ambiguous: z.boolean(),
    alternatives: z.array(z.string()).max(3),
    confidence: z.number().min(0).max(1),
    language: z.string().regex(/^[a-z]{2}$/),
    rewritten: z.boolean(),
    kinds: z.array(z.enum(['conversational', 'clarity', 'retrieval'])),
    used_turns: z.array(z.number().int().min(0)),
    engine: z.enum(['llm', 'lexical', 'passthrough']),
    original_query: z.string(),
  })
  .strict();

function conversationFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return conversationFiles(path);
    return name === 'conversations.jsonl' ? [path] : [];
  });
}

/** A logger that counts the engine's failures (the guard's warnings). */
function failures(): RewriteLogger & { failed: string[] } {
  const failed: string[] = [];
  return { failed, debug: () => undefined, warn: (m) => void (m.includes('rewrite engine failed') && failed.push(m)) };
}

// Half the conversations are read with a real index's word statistics, as `ask` reads them.
let fixture: Awaited<ReturnType<typeof indexedFixtureDocs>>;
beforeAll(async () => {
  fixture = await indexedFixtureDocs();
}, 120_000);
afterAll(() => fixture?.cleanup());

async function check(query: string, history: HistoryMessage[], logger: RewriteLogger, withStats: boolean): Promise<void> {
  // Thousands of rewrites in a row never wait on I/O: let the runner's messages through between them.
  await letTheEventLoopRun();
  const run = await rewrite(query, history, {}, { logger, ...(withStats ? { termStats: TermStats.of(fixture.store) } : {}) });
  const parsed = Result.safeParse(run.result);
  if (!parsed.success) throw new Error(`invalid RewriteResult for ${JSON.stringify(query).slice(0, 80)}: ${parsed.error.message}`);
  expect(run.result.original_query).toBe(query);
}

describe('the Rewrite stage never throws', () => {
  it('keeps the contract on every conversation of every dataset', async () => {
    const files = conversationFiles(DATASETS);
    expect(files.length).toBeGreaterThanOrEqual(3);
    const log = failures();
    let n = 0;
    for (const file of files) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
        const c = JSON.parse(line) as { query: string; history: HistoryMessage[] };
        await check(c.query, c.history, log, n % 2 === 0);
        n++;
      }
    }
    expect(n).toBeGreaterThan(2000);
    expect(log.failed).toEqual([]);
  }, 600_000);

  it('keeps the contract on 5,000 generated conversations', async () => {
    const log = failures();
    for (let i = 0; i < 5000; i++) {
      const c = generatedConversation(i);
      await check(c.query, c.history, log, i % 2 === 0);
    }
    expect(log.failed).toEqual([]);
  }, 600_000);

  it('answers with the question as asked when the engine fails, and says so once per conversation', async () => {
    const log = failures();
    const broken = new Proxy({}, { get: () => () => { throw new Error('index unreadable'); } }) as unknown as TermStats;
    const history: HistoryMessage[] = [{ role: 'user', text: 'What is houtmulch?' }, { role: 'assistant', text: 'Houtmulch is a ground cover made of wood chips.' }];
    for (let i = 0; i < 2; i++) {
      const run = await rewrite('and the price?', history, {}, { logger: log, termStats: broken });
      expect(Result.parse(run.result).resolved_query).toBe('and the price?');
      expect(run.fallback).toBe('the rewrite engine failed');
    }
    expect(log.failed).toHaveLength(1);
    expect(log.failed[0]).toMatch(/conversation [0-9a-f]{12} \(index unreadable\)/);
  });

  it('reads an identifier as one name, not as its parts: "write" of "write.csv" is no verb', () => {
    const read = (text: string): string[] => {
      const { words, tags } = englishTags(text);
      return words.map((w, i) => `${w}/${tags[i]}`);
    };
    expect(read('What does shutil.copy2 do?')).toEqual(['What/PRON', 'does/AUX', 'shutil.copy2/PROPN', 'do/AUX', '?/PUNCT']);
    expect(read('How do I use write.csv or shared_buffers?')).toContain('write.csv/PROPN');
    expect(read('How do I use write.csv or shared_buffers?')).toContain('shared_buffers/PROPN');
    // A full stop ends a sentence; a dot or underscore set apart by a space joins nothing.
    expect(read('It ends. Then it starts.').filter((w) => w.includes('.')).length).toBe(2);
    expect(read('Use os . path here')).toContain('os/NOUN');
    // A hyphenated word is one word: a noun where its last part is one, else a modifier.
    expect(read('How do I read command-line options?')).toContain('command-line/NOUN');
    expect(read('Is the write-ahead log on?')).toContain('write-ahead/ADJ');
    expect(read('a range - or two').filter((w) => w.startsWith('-'))).toEqual(['-/PUNCT']);
  });

  it('reads the verb an auxiliary leans on as a verb where the tagger read a noun ("What does git reflog record?")', () => {
    const tagOf = (text: string, word: string): string => {
      const { words, tags } = englishTags(text);
      return tags[words.indexOf(word)]!;
    };
    expect(tagOf('What does git reflog record?', 'record')).toBe('VERB');
    expect(tagOf('What does git reflog record?', 'reflog')).toBe('NOUN');
    expect(tagOf('What does the cache store in memory?', 'store')).toBe('VERB');
    // A clause with its verb, a lone subject, a name, and a noun after the verb stay as they were.
    expect(tagOf('How long does git keep stashes?', 'stashes')).toBe('NOUN');
    expect(tagOf('What does linspace do?', 'linspace')).toBe('NOUN');
    expect(tagOf('What does VACUUM FULL do?', 'FULL')).toBe('PROPN');
    expect(tagOf('Where is the record store?', 'store')).toBe('NOUN');
  });

  it('gives every word a base form, also where the tagger has none ("cannot?")', () => {
    for (const text of ['cannot?', 'I cannot, really.', 'cannot)', 'why cannot…']) {
      const { words, lemmas, tags } = englishTags(text);
      expect(lemmas, text).toHaveLength(words.length);
      expect(lemmas.every((l) => typeof l === 'string'), text).toBe(true);
      expect(tags.every((t) => typeof t === 'string'), text).toBe(true);
    }
  });
});
