import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from '../../src/pipeline/answer/ask.js';
import { SessionStore } from '../../src/pipeline/answer/sessions.js';
import { indexedFixtureDocs } from '../helpers/fixtureIndex.js';

// Keyword search over the real fixture index (its vectors are not made here); the stages are the product's.
let fixture: Awaited<ReturnType<typeof indexedFixtureDocs>>;
beforeAll(async () => {
  fixture = await indexedFixtureDocs();
});
afterAll(() => fixture.cleanup());

const NOW = new Date(Date.UTC(2026, 10, 21));

describe('ask: the seeds\' conversations, answered from real files', () => {
  it('"how many PDFs?" is an exact count from the files table, with the list', async () => {
    const r = await ask(fixture.store, 'how many PDFs?', { now: NOW });
    expect(r.plan.tool).toBe('filesystem');
    expect(r.answer).toMatch(/^There are 4 PDF files:/);
    // Each file named once in the list (its citation is where it opens from).
    for (const name of ['heat-pump-manual.pdf', 'invoice-2024-001.pdf']) expect(r.answer.split(name)).toHaveLength(2);
    expect(r.answer).toMatch(/^- invoice-2024-001\.pdf \(\d{4}-\d{2}-\d{2}\)$/m);
    expect(r.citations.map((c) => basename(c.path)).sort()).toEqual(['heat-pump-manual.pdf', 'invoice-2023-117.pdf', 'invoice-2024-001.pdf', 'invoice-2024-002.pdf']);
    expect(r.confidence).toBe(1);
    expect(r.stages.map((s) => s.stage)).toEqual(['rewrite', 'plan', 'filesystem', 'reduce', 'confidence']);
  });

  it('"how many files mention the warranty?" counts the files that do, not every file', async () => {
    const all = await ask(fixture.store, 'how many files are there?', { now: NOW });
    const r = await ask(fixture.store, 'how many files mention the warranty?', { now: NOW });
    expect(r.plan).toMatchObject({ tool: 'filesystem', filters: { mentioning: ['warranty'] } });
    expect(r.answer).toMatch(/^There (?:is 1 file that mentions|are \d+ files that mention) "warranty":/);
    expect(r.citations.map((c) => basename(c.path))).toContain('heat-pump-manual.pdf');
    expect(r.citations.length).toBeLessThan(all.citations.length);
    // One file asked for: the passage that answers, citing it.
    const one = await ask(fixture.store, 'which file has the warranty period?', { now: NOW });
    expect(one.plan.tool).not.toBe('filesystem');
    expect(basename(one.citations[0]!.path)).toBe('heat-pump-manual.pdf');
  });

  it('a count of things says which words it counted by, and one that no file names is answered from passages', async () => {
    const invoices = await ask(fixture.store, 'How many invoices are there?', { now: NOW });
    expect(invoices.plan.tool).toBe('both');
    expect(invoices.answer).toMatch(/^There are 3 files that mention "invoices":/);
    // No file says "passports": not "there are no files in the indexed folders", but the honest not-found answer.
    const passports = await ask(fixture.store, 'How many passports are there?', { now: NOW });
    expect(passports.answer).not.toMatch(/no files in the indexed folders/);
    expect(passports.notFound).toBe(true);
    // The invoice says "one … laptop", not "laptops" and "buy": its passage answers.
    const laptops = await ask(fixture.store, 'How many laptops did I buy?', { now: NOW });
    expect(laptops.stages.map((s) => s.stage)).toContain('search');
    expect(laptops.answer).toMatch(/MacBook Pro/);
    expect(basename(laptops.citations[0]!.path)).toBe('invoice-2024-002.pdf');
  });

  it('a question that asks for a file by what it says is answered by what it says ("find the file about houtmulch")', async () => {
    for (const [q, file] of [['find the file about houtmulch', 'houtmulch.md'], ['do any of my files mention the budget?', 'annual-report-2024.docx'], ['which document talks about the warranty?', 'heat-pump-manual.pdf']] as const) {
      const r = await ask(fixture.store, q, { now: NOW });
      expect(r.notFound, q).toBe(false);
      expect(basename(r.citations[0]!.path), q).toBe(file);
      // "file", "mention", "talks" ask for the file: they are not looked for in its text.
      expect(r.plan.asking, q).toEqual(expect.arrayContaining([q.includes('document') ? 'document' : q.includes('files') ? 'files' : 'file']));
    }
    // What the files do not hold stays "not found", however it is asked for.
    expect((await ask(fixture.store, 'which file mentions my passport number?', { now: NOW })).notFound).toBe(true);
  });

  it('"what is the budget?" cites the Word report', async () => {
    const r = await ask(fixture.store, 'what is the budget?', { now: NOW });
    expect(r.notFound).toBe(false);
    expect(r.answer).toMatch(/48,500/);
    expect(basename(r.citations[0]!.path)).toBe('annual-report-2024.docx');
  });

  it('gives each cited sentence with the text around it in its passage, so it can be shown in context', async () => {
    const r = await ask(fixture.store, 'what is the budget?', { now: NOW });
    const c = r.citations[0]!;
    expect(c.context).toBeDefined();
    // Before, the quote and after are the passage's text in order, whitespace aside.
    const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();
    const passage = flat((fixture.store.db.prepare('SELECT text FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?').all(c.path) as { text: string }[]).map((x) => x.text).join(' '));
    const around = flat(`${c.context!.before.replace(/^…/, '')} ${c.quote} ${c.context!.after.replace(/…$/, '')}`);
    expect(passage).toContain(around);
    expect(around.length).toBeGreaterThan(c.quote.length);
  });

  it('"Wat is houtmulch?" → "en de prijs?" → "hoe dik moet ik dat leggen?" stays Dutch, in one session', async () => {
    const first = await ask(fixture.store, 'Wat is houtmulch?', { now: NOW });
    expect(basename(first.citations[0]!.path)).toBe('houtmulch.md');
    const second = await ask(fixture.store, 'en de prijs?', { session: first.session, now: NOW });
    expect(second.rewrite.resolved_query).toBe('Wat is de prijs van houtmulch?');
    expect(second.rewrite.language).toBe('nl');
    expect(second.answer).toMatch(/45 euro per kuub/);
    const third = await ask(fixture.store, 'hoe dik moet ik dat leggen?', { session: first.session, now: NOW });
    expect(third.rewrite.resolved_query).toMatch(/houtmulch/);
    expect(third.answer).toMatch(/5 tot 7 centimeter/);
    expect(new SessionStore(fixture.store).turns(first.session)).toHaveLength(3);
  });

  it('"Tell me about the authentication system" → "How does it handle expired sessions?"', async () => {
    const first = await ask(fixture.store, 'Tell me about the authentication system', { now: NOW });
    const second = await ask(fixture.store, 'How does it handle expired sessions?', { session: first.session, now: NOW });
    expect(second.rewrite.resolved_query).toMatch(/authentication system/);
    expect(basename(second.citations[0]!.path)).toBe('auth-notes.md');
    expect(second.answer).toMatch(/refresh token/);
  });

  it('"any invoices?" → "aren\'t there more?" counts the files that mention invoices', async () => {
    const first = await ask(fixture.store, 'any invoices?', { now: NOW });
    expect(first.citations.some((c) => basename(c.path).startsWith('invoice-'))).toBe(true);
    const second = await ask(fixture.store, "aren't there more?", { session: first.session, now: NOW });
    expect(second.rewrite.intent).toBe('count');
    expect(second.answer).toMatch(/There are \d+ files that mention "invoices?"/);
    expect(second.citations.filter((c) => basename(c.path).startsWith('invoice-'))).toHaveLength(3);
  });

  it('says plainly when the files do not hold the answer, and shows the nearest passages', async () => {
    const r = await ask(fixture.store, 'What is the airspeed velocity of an unladen swallow?', { now: NOW });
    expect(r.notFound).toBe(true);
    expect(r.answer).toMatch(/^Your files do not seem to contain the answer to this\./);
    expect(r.citations).toEqual([]);
    // Which of its words no file has, as the user wrote them: English words the files lack, no slips of other words.
    expect(r.notes).toContain('No file mentions “airspeed”, “velocity”, “unladen” or “swallow”.');
  });

  it('names a word no file has with the word of the files it is likeliest a slip of, in a not-found answer only', async () => {
    const slip = await ask(fixture.store, 'houtmulsh', { now: NOW });
    expect(slip.notFound).toBe(true);
    expect(slip.notes).toContain('No file mentions “houtmulsh” (did you mean “houtmulch”?).');
    const typo = await ask(fixture.store, 'What is the warrenty of the kitchen blender?', { now: NOW });
    expect(typo.notFound).toBe(true);
    expect(typo.notes).toContain('No file mentions “warrenty” (did you mean “warranty”?), “kitchen” or “blender”.');
    // An answer found says nothing of the sort; a Dutch question names the word, and guesses no slip without a Dutch lexicon.
    expect((await ask(fixture.store, 'What is the warranty period of the heat pump?', { now: NOW })).notes.join(' ')).not.toMatch(/No file mentions/);
    const nl = await ask(fixture.store, 'Wat is het nummer van mijn paspoort?', { now: NOW });
    expect(nl.notFound).toBe(true);
    expect(nl.notes).toContain('Geen bestand noemt “nummer” of “paspoort”.');
  });
});
