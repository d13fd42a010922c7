// A site's template lines (siteTemplates.ts): found by recurrence over a folder's HTML pages, left out of answers and snippets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ask } from '../../src/pipeline/answer/ask.js';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { hybridSearch } from '../../src/pipeline/search/hybridSearch.js';
import { findTemplates, lineShape, SiteTemplates, withoutTemplate } from '../../src/pipeline/search/siteTemplates.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { seeded } from '../helpers/fuzzConversations.js';
import { tempDir } from '../helpers/tmp.js';

const t = tempDir('docent-templates-');
afterAll(() => t.cleanup());

const TOPICS = [
  ['Retry limits', 'The retry_limit setting was raised from three to five attempts in the spring release, so a flaky network no longer fails a sync.'],
  ['Cache sizes', 'The page cache holds 64 megabytes unless cache_pages says otherwise.'],
  ['Log levels', 'The server writes warnings and errors to its log; debug output is off.'],
  ['Backups', 'A backup copies every table into one archive file while the server keeps running.'],
  ['Ports', 'The server listens on port 7400 for its clients.'],
  ['Time zones', 'Timestamps are stored in UTC and shown in the reader’s own time zone.'],
];

/** A page of a small documentation site: the site's tagline and search bar on top, its date footer below. */
const page = ([title, body]: string[], i: number): string =>
  `<html><head><title>${title}</title></head><body>
  <div class="tagline"><p>Quick. Small. Sturdy.</p><p>Pick any two of them.</p></div>
  <h1>${title}</h1><p>${body}</p>
  <p>This page last modified on 2021-0${i + 1}-1${i} 1${i}:0${i}:3${i} UTC</p>
  </body></html>`;

describe('lineShape and findTemplates', () => {
  it('reads a line whatever its numbers and spacing', () => {
    expect(lineShape('This page last modified on 2020-07-18  16:35:00 UTC')).toBe(lineShape('this page last modified on 2014-08-15 14:59:54 utc'));
    expect(lineShape('Version 3 notes')).not.toBe(lineShape('Version three notes'));
  });

  const WORDS = ['apples', 'boats', 'clocks', 'doors', 'eggs', 'forks', 'gates', 'hats'];
  const pages = (n: number, folder: string, first: (i: number) => string, last: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => ({ path: `${folder}/p${i}.html`, first: first(i), last: last(i) }));

  it('takes lines of three words or more that open or close most of a folder’s pages', () => {
    const found = findTemplates(
      pages(8, '/site', (i) => `Quick. Small. Sturdy.\nHome\nTopic ${WORDS[i]} is about ${WORDS[7 - i]}.`, (i) => `The ${WORDS[i]} ends here.\nLast updated 2023-0${i}-01 UTC`),
    );
    expect([...(found.get('/site') ?? [])].sort()).toEqual([lineShape('Last updated 2023-01-01 UTC'), lineShape('Quick. Small. Sturdy.')].sort());
    // A footer of seven lines, each of them: Sphinx's copyright, licence and "Created using" lines.
    const footer = ['© Copyright 2001-2026, Python Software Foundation.', 'This page is licensed under the PSF License.', 'Examples are licensed under the Zero Clause BSD License.', 'See History and License for more.', 'The PSF is a non-profit corporation.', 'Last updated on May 12, 2026. Found a bug?', 'Created using Sphinx 5.3.0.'];
    const sphinx = findTemplates(pages(8, '/py', (i) => `Topic ${WORDS[i]}.`, (i) => [`The ${WORDS[i]} ends here.`, ...footer].join('\n')));
    expect([...(sphinx.get('/py') ?? [])].sort()).toEqual(footer.map(lineShape).sort());
  });

  it('takes no line that half the pages lack, that fewer than five pages share, or that stands in a page’s middle', () => {
    const half = pages(8, '/a', (i) => (i < 3 ? 'Shared opening line here\nText.' : `Own opening line ${i}\nText.`), () => 'End of it all.');
    expect(findTemplates(half).get('/a')?.has(lineShape('Shared opening line here'))).not.toBe(true);
    expect(findTemplates(pages(4, '/b', () => 'Shared opening line here', () => 'Shared closing line here')).get('/b')).toBeUndefined();
    // The middle: more than ten lines from either end (a site's footer of seven lines, as Sphinx writes one, is still its edge).
    const middle = (i: number) => [...Array.from({ length: 11 }, (_, n) => `Line ${n}.`), 'Shared middle line here', ...Array.from({ length: 10 }, (_, n) => `Later ${n}.`), `End ${i}.`].join('\n');
    expect(findTemplates(pages(8, '/c', middle, () => '')).get('/c')).toBeUndefined();
  });

  it('leaves a file that is not an HTML page as it is', () => {
    const templates = new Map([['/site', new Set([lineShape('Payment is due within 30 days.')])]]);
    const text = 'Invoice 12\nPayment is due within 30 days.';
    expect(withoutTemplate(templates, '/site/invoice-12.txt', text)).toBe(text);
    expect(withoutTemplate(templates, '/site/invoice-12.html', text)).toBe('Invoice 12');
  });
});

/** A folder of these files indexed in an index of its own, then `use`d; the index closed after. */
async function indexedFolder(name: string, files: Record<string, string>, use: (store: IndexStore) => Promise<void>): Promise<void> {
  const folder = join(t.dir, name);
  mkdirSync(folder);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  const store = IndexStore.open(join(t.dir, `${name}.sqlite`));
  try {
    await new Indexer(store).indexRoot(folder);
    await use(store);
  } finally {
    store.close();
  }
}

/** ask, its answer prepared, on a fixed day. */
async function asked(store: IndexStore, question: string): Promise<string> {
  const result = await ask(store, question, { now: new Date(Date.UTC(2026, 10, 1)) });
  await result.prepared;
  return result.answer;
}

describe('a site folder and a folder of invoices, indexed', () => {
  it('answers from a page’s own text, not from the date footer every page repeats, and keeps the template out of snippets', async () => {
    const pages = Object.fromEntries(TOPICS.map((topic, i) => [`${topic[0]!.toLowerCase().replace(/ /g, '-')}.html`, page(topic, i)]));
    await indexedFolder('site', pages, async (store) => {
      const answer = await asked(store, 'What was modified in the last release?');
      expect(answer).toContain('retry_limit');
      expect(answer).not.toMatch(/page last modified/i);
      expect(answer).not.toMatch(/Quick\. Small\. Sturdy\./);
      const { hits } = await hybridSearch(store, 'release modified', { k: 6 });
      expect(hits.length).toBeGreaterThan(0);
      for (const h of hits) expect(h.snippet).not.toMatch(/Sturdy|Pick any two|page last modified/);
    });
  });

  it('finds the template again once enough pages share it', async () => {
    const folder = join(t.dir, 'growing');
    mkdirSync(folder);
    const write = (from: number, to: number): void => {
      for (let i = from; i < to; i++) writeFileSync(join(folder, `p${i}.html`), page(TOPICS[i]!, i));
    };
    write(0, 4);
    const store = IndexStore.open(join(t.dir, 'growing.sqlite'));
    try {
      await new Indexer(store).indexRoot(folder);
      const footer = 'This page last modified on 2021-01-10 10:00:30 UTC';
      expect(SiteTemplates.of(store).strip(join(folder, 'p0.html'), footer)).toBe(footer);
      write(4, 6);
      await new Indexer(store).indexRoot(folder);
      expect(SiteTemplates.of(store).strip(join(folder, 'p0.html'), `Ports.\n${footer}`)).toBe('Ports.');
    } finally {
      store.close();
    }
  });

  it('keeps the line every invoice ends with: in a folder of letters it is what they say', async () => {
    const invoices = Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`invoice-${i}.txt`, `Invoice ${i} from Acme Supplies\n\nItem ${i}: ${i * 3} boxes of paper.\n\nPayment is due within 30 days of the invoice date.\n`]));
    await indexedFolder('invoices', invoices, async (store) => {
      expect(await asked(store, 'When is payment due on the Acme invoices?')).toContain('Payment is due within 30 days');
    });
  });
});

describe('site templates on pages they have never seen', () => {
  const LINES = ['Home', 'Prev Up Next', 'This page last modified on 2021-01-01 UTC', 'Quick. Small. Sturdy.', '', '   ', '東京 の 説明 です。', '\ud800 lone surrogate', 'e\u0301\u200b\u202e', 'x'.repeat(3000), `${'word '.repeat(500)}.`, 'Run the server with the default settings.', '| a | b |', '----------'];
  it('never throws, and only ever leaves out whole lines of three words or more', () => {
    const rand = seeded(7);
    const pick = (): string => LINES[Math.floor(rand() * LINES.length)]!;
    const text = (): string => Array.from({ length: Math.floor(rand() * 9) }, pick).join('\n');
    for (let round = 0; round < 200; round++) {
      const pages = Array.from({ length: 1 + Math.floor(rand() * 12) }, (_, i) => ({ path: `/${rand() < 0.5 ? 'a' : 'b'}/p${i}.${rand() < 0.8 ? 'html' : 'md'}`, first: text(), last: text() }));
      const templates = findTemplates(pages);
      for (const page of pages) {
        const input = `${page.first}\n${page.last}`;
        const kept = withoutTemplate(templates, page.path, input).split('\n');
        const lines = input.split('\n');
        // What is kept is the page's lines in order; each line left out is blank or has three words or more.
        let at = 0;
        for (const line of kept) {
          while (at < lines.length && lines[at] !== line) {
            if (lines[at]!.trim()) expect(lines[at]!.trim().split(/\s+/).length).toBeGreaterThanOrEqual(3);
            at++;
          }
          expect(at < lines.length || line === '').toBe(true);
          at++;
        }
      }
    }
  });
});
