import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRewrite } from '../../src/cli/commands/rewriteCommand.js';
import { DEFAULT_REWRITE_OPTIONS, type RewriteResult } from '../../src/pipeline/rewrite/types.js';
import { docent, docentJson } from '../helpers/cli.js';
import { copyFixture, REPO, tempDir } from '../helpers/tmp.js';

const TINY_MODEL = join(REPO, '..', 'shared', 'models', 'stories260K.gguf');
let home: string;
let work: string;
let cleanup: () => void;
let history: string;

beforeAll(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  work = t.dir;
  home = join(work, 'home');
  const docs = copyFixture('docs', work);
  expect((await docent(['index', docs, '--no-vectors'], home)).status).toBe(0);
  history = join(work, 'history.json');
  writeFileSync(
    history,
    JSON.stringify([
      { role: 'user', text: 'Wat is houtmulch?' },
      { role: 'assistant', text: 'Houtmulch is versnipperd hout dat je op borders legt; een kuub dekt ongeveer 15 m².' },
    ]),
  );
});
afterAll(() => cleanup());

describe('docent rewrite', () => {
  it('prints the RewriteResult as JSON', async () => {
    const r = await docentJson<RewriteResult>(['rewrite', 'en de prijs?', '--history', history], home);
    expect(r).toMatchObject({ engine: 'lexical', language: 'nl', resolved_query: 'Wat is de prijs van houtmulch?', original_query: 'en de prijs?', rewritten: true });
    expect(r.keywords).toContain('houtmulch');
  });

  it('explains the options, the turns kept and what the engine weighed', async () => {
    const r = await docent(['rewrite', 'en de prijs?', '--history', history, '--explain', '--threshold', '0.2', '--max-turns', '3'], home);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Rewrite: 'en de prijs?' -> 'Wat is de prijs van houtmulch?'");
    expect(r.stdout).toMatch(/threshold 0\.2, last turn always kept, at most 3 turns/);
    expect(r.stdout).toMatch(/\* turn 0 {2}similarity \d\.\d\d/);
    expect(r.stdout).toMatch(/Context dependence: \d\.\d\d/);
    expect(r.stdout).toContain('reference: an ellipsis');
    expect(r.stdout).toMatch(/read as: houtmulch\n {4}phrases ranked by the phrase model: houtmulch \d\.\d\d/);
  });

  it('explains a pronoun read as the likeliest phrase of the conversation, with the ranking', async () => {
    const auth = join(work, 'auth.json');
    writeFileSync(auth, JSON.stringify([{ role: 'user', text: 'Tell me about the authentication system' }, { role: 'assistant', text: 'The system uses JWT tokens with 24-hour expiration.' }]));
    const r = await docent(['rewrite', 'how does it handle expired sessions?', '--history', auth, '--explain'], home);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Rewrite: 'how does it handle expired sessions\?' -> 'how does (?!it )[\w ]+ handle expired sessions\?'/);
    expect(r.stdout).toContain('reference: a pronoun or demonstrative, filled with the likeliest phrase of the conversation');
    expect(r.stdout).toMatch(/phrases ranked by the phrase model: [\w ]+ \d\.\d\d/);
  });

  it('explains a circumstance asked of the previous question: the same kind of circumstance in its place', async () => {
    const parallel = join(work, 'parallel.json');
    writeFileSync(parallel, JSON.stringify([{ role: 'user', text: 'Wat kost een warmtepomp in Amsterdam?' }, { role: 'assistant', text: 'Rond de 8000 euro.' }]));
    const r = await docent(['rewrite', 'en in Utrecht?', '--history', parallel, '--explain'], home);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Rewrite: 'en in Utrecht?' -> 'Wat kost een warmtepomp in Utrecht?'");
    expect(r.stdout).toContain('reference: an ellipsis');
  });

  it('says which keywords the search weighs less, and by how much', async () => {
    const q = 'how long is the warranty period?';
    const result: RewriteResult = { intent: 'factual', search_query: `${q} Daikin Vattenfall`, resolved_query: q, keywords: ['daikin', 'vattenfall'], ambiguous: false, alternatives: [], confidence: 0.6, language: 'en', rewritten: true, kinds: ['conversational'], used_turns: [0], engine: 'lexical', original_query: q };
    const run = { result, turns: [], options: DEFAULT_REWRITE_OPTIONS, cached: false, ms: 1 };
    expect(describeRewrite({ ...run, keywordShares: [1, 0.4] }, [], false)).toContain('keywords:     daikin, vattenfall (at 0.4 of the weight)');
    expect(describeRewrite(run, [], false)).toContain('keywords:     daikin, vattenfall\n');
  });

  it('logs the reformulation at debug level', async () => {
    const r = await docent(['rewrite', 'en de prijs?', '--history', history, '--debug'], home);
    expect(r.stderr).toContain("debug: Query reformulated: 'en de prijs?' -> 'Wat is de prijs van houtmulch?");
  });

  it('falls back to the lexical engine, with a note, when the model is missing or too slow', async () => {
    const none = await docent(['rewrite', 'en de prijs?', '--history', history, '--engine', 'llm', '--json'], home);
    expect(none.status).toBe(0);
    expect((JSON.parse(none.stdout) as RewriteResult).engine).toBe('lexical');
    expect(none.stderr).toMatch(/note: LLM rewrite fell back to the lexical engine: no local model is installed/);
    const slow = await docent(['rewrite', 'en de prijs?', '--history', history, '--engine', 'llm', '--model', TINY_MODEL, '--budget', '1', '--json'], home);
    expect(slow.status).toBe(0);
    expect((JSON.parse(slow.stdout) as RewriteResult).engine).toBe('lexical');
    expect(slow.stderr).toMatch(/budget/);
  });

  it('rewrites with the LLM engine on a real GGUF and reports the prompt tokens it evaluated', async () => {
    const r = await docent(['rewrite', 'en de prijs?', '--history', history, '--engine', 'llm', '--model', TINY_MODEL, '--budget', '60000', '--explain'], home);
    expect(r.status).toBe(0);
    // The tiny model's words are meaningless: either its answer passed the checks, or the fallback says why.
    if (/engine llm/.test(r.stdout)) expect(r.stdout).toMatch(/LLM call: \d+ prompt tokens evaluated/);
    else expect(r.stdout).toMatch(/fell back to the lexical engine: (the model's|the rewrite took longer)/);
  }, 120_000);

  it('names what is wrong with a bad history file or option', async () => {
    const notJson = join(work, 'bad.json');
    writeFileSync(notJson, '[{"role": "user", "text": "hi"');
    const a = await docent(['rewrite', 'and?', '--history', notJson], home);
    expect(a.status).toBe(1);
    expect(a.stderr).toMatch(/the history file .*bad\.json is not valid JSON/);
    const wrongShape = join(work, 'shape.json');
    writeFileSync(wrongShape, JSON.stringify([{ role: 'system', text: 'x' }]));
    const b = await docent(['rewrite', 'and?', '--history', wrongShape], home);
    expect(b.status).toBe(1);
    expect(b.stderr).toMatch(/is not a conversation at 0\.role/);
    const c = await docent(['rewrite', 'and?', '--history', join(work, 'missing.json')], home);
    expect(c.stderr).toMatch(/cannot read the history file .*ENOENT/);
    const d = await docent(['rewrite', 'and?', '--engine', 'gpt'], home);
    expect(d.stderr).toMatch(/--engine must be "lexical" or "llm"/);
  });
});
