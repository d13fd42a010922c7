// Lists the extractor has never seen: generated HTML lists and runs of link paragraphs (nested, unclosed, links
// local and elsewhere, bare addresses, links without an address or words) never break the extractor; a list without
// links is always read whole, and a list of nothing but links to the same site never is.
import { describe, expect, it } from 'vitest';
import { statements } from '../../src/pipeline/answer/mapStage.js';
import { extractHtml } from '../../src/pipeline/index/extractors/htmlExtractor.js';
import { seeded } from '../helpers/fuzzConversations.js';

const WORDS = ['vacuum', 'the free space map', 'EUR 1,200', '東京', '\u202e', '&amp; &lt;tag&gt;', '', ' ', 'x'.repeat(300), '<b>bold</b>', 'line<br>break'];
const HREFS = ['a.html', 'a.html#b', './c.html', '#top', '/docs/d.html', 'https://example.org/', '//cdn.example.org/x', 'mailto:someone@example.org', 'javascript:void(0)', '', ' ', '%zz'];
const LISTS = ['ul', 'ol', 'dl'];

function list(rand: () => number, depth: number, links: boolean): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const tag = pick(LISTS);
  const item = tag === 'dl' ? () => pick(['dt', 'dd']) : () => 'li';
  const out = [`<${tag}>`];
  for (let i = Math.floor(rand() * 6); i > 0; i--) {
    const t = item();
    const href = pick(HREFS);
    const words = links && rand() < 0.5 ? (rand() < 0.3 ? `<a href="${href}">${href}</a>` : rand() < 0.1 ? '<a>no address</a>' : `<a href="${href}">${pick(WORDS)}</a> ${pick(WORDS)}`) : pick(WORDS);
    const inner = depth < 3 && rand() < 0.2 ? (rand() < 0.5 ? list(rand, depth + 1, links) : `<div>${list(rand, depth + 1, links)}${pick(WORDS)}</div>`) : '';
    out.push(`<${t}>${words}${inner}${rand() < 0.9 ? `</${t}>` : ''}`);
  }
  if (rand() < 0.9) out.push(`</${tag}>`);
  return out.join('');
}

// The list in a block of its own: an unclosed list holds what follows it up to its parent's end, as
// a browser reads it, and is judged with it.
const textOf = (body: string): string => extractHtml(Buffer.from(`<html><body><p>Before the list.</p><div>${body}</div><p>After it.</p></body></html>`)).pages[0]!.text;

describe('lists it has never seen', () => {
  it('never break the extractor or Map, and leave no markup', () => {
    const rand = seeded(71);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    for (let i = 0; i < 400; i++) {
      const lines = (): string => Array.from({ length: Math.floor(rand() * 5) }, () => `<p>${rand() < 0.7 ? `<a href="${pick(HREFS)}">${pick(WORDS)}</a>${rand() < 0.3 ? ` ${pick(WORDS)}` : ''}` : pick(WORDS)}${rand() < 0.9 ? '</p>' : ''}`).join('');
      const which = rand();
      const text = textOf(which < 0.3 ? `<div>${pick(WORDS)}${list(rand, 0, true)}</div>` : which < 0.5 ? lines() : list(rand, 0, true));
      expect(text).toContain('Before the list.');
      expect(text).toContain('After it.');
      expect(text).not.toMatch(/<\/?(?:ul|ol|dl|li|dt|dd|a|b|br)\b/);
      for (const s of statements(text)) expect(s.text.trim().length).toBeGreaterThan(0);
    }
  });

  it('read a list without links whole, and leave out one of links to the same site alone', () => {
    const rand = seeded(72);
    for (let i = 0; i < 200; i++) {
      const words = Array.from({ length: 1 + Math.floor(rand() * 5) }, (_, k) => `item${k} ${['vacuum', 'analyze', 'reindex'][Math.floor(rand() * 3)]}`);
      const tag = LISTS[Math.floor(rand() * LISTS.length)]!;
      const li = tag === 'dl' ? 'dt' : 'li';
      const plain = textOf(`<${tag}>${words.map((w) => `<${li}>${w}</${li}>`).join('')}</${tag}>`);
      for (const w of words) expect(plain).toContain(w);
      const local = ['a.html', 'b.html#sect', './c.html', '/docs/d.html', '#top'];
      const linked = textOf(`<${tag}>${words.map((w, k) => `<${li}><a href="${local[k % local.length]}">${w}</a></${li}>`).join('')}</${tag}>`);
      for (const w of words) expect(linked).not.toContain(w);
    }
  });
});
