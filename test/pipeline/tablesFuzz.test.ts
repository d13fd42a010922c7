// Tables the extractor has never seen: generated HTML table soup (header rows or none, spans valid
// and not, nested tables, empty and piped cells, unclosed tags) never breaks the extractor or Map's
// reading of its text; every table line it writes is a row Map can read, and no markup is left.
import { describe, expect, it } from 'vitest';
import { statements } from '../../src/pipeline/answer/mapStage.js';
import { extractHtml } from '../../src/pipeline/index/extractors/htmlExtractor.js';
import { isDelimiterLine, pipeCells } from '../../src/pipeline/index/pipeTable.js';
import { seeded } from '../helpers/fuzzConversations.js';

const WORDS = ['bigint', '8 bytes', 'a | b', '||', '', ' ', 'EUR 1,200', '-32768 to +32767', 'x'.repeat(700), 'Prev', 'Next', '<a href="x.html">Next page</a>', '<b>bold</b>', 'line<br>break', '<p>para</p><p>two</p>', '&amp; &lt;tag&gt;', '東京', '\u202e', '---'];
const SPANS = ['', ' colspan="2"', ' rowspan="3"', ' colspan="0"', ' rowspan="-1"', ' colspan="abc"', ' colspan="99999"', ' rowspan="2" colspan="2"'];

function table(rand: () => number, depth: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const rows = Math.floor(rand() * 6);
  const out: string[] = [rand() < 0.2 ? '<table role="presentation">' : '<table>'];
  if (rand() < 0.3) out.push('<thead>');
  for (let r = 0; r < rows; r++) {
    out.push('<tr>');
    const cells = Math.floor(rand() * 5);
    for (let c = 0; c < cells; c++) {
      const tag = (r === 0 && rand() < 0.6) || rand() < 0.1 ? 'th' : 'td';
      const inner = depth < 2 && rand() < 0.08 ? table(rand, depth + 1) : pick(WORDS);
      out.push(`<${tag}${pick(SPANS)}>${inner}${rand() < 0.9 ? `</${tag}>` : ''}`);
    }
    if (rand() < 0.9) out.push('</tr>');
    if (r === 0 && rand() < 0.3) out.push('</thead><tbody>');
  }
  if (rand() < 0.9) out.push('</table>');
  return out.join('');
}

/** A table of one column whose cells stack paragraphs (PostgreSQL's layout), some not quite so: a row of two cells, text beside a paragraph. */
function stacked(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const paragraphs = (): string => Array.from({ length: 1 + Math.floor(rand() * 4) }, () => `<p${rand() < 0.4 ? ' class="func_signature"' : ''}>${pick(WORDS)}</p>`).join(rand() < 0.9 ? '' : pick(WORDS));
  const rows = [`<tr><th>${paragraphs()}</th></tr>`];
  for (let r = Math.floor(rand() * 6); r > 0; r--) rows.push(rand() < 0.9 ? `<tr><td>${paragraphs()}</td></tr>` : `<tr><td>${paragraphs()}</td><td>${pick(WORDS)}</td></tr>`);
  return `<table>${rand() < 0.7 ? `<thead>${rows[0]}</thead><tbody>${rows.slice(1).join('')}</tbody>` : rows.join('')}</table>`;
}

describe('tables it has never seen', () => {
  it('never break the extractor or Map; every table line is a row, and no markup is left', () => {
    const rand = seeded(53);
    for (let i = 0; i < 400; i++) {
      const html = `<html><body><p>Before the table.</p>${rand() < 0.3 ? stacked(rand) : table(rand, 0)}<p>After it.</p>${rand() < 0.3 ? table(rand, 0) : ''}</body></html>`;
      const text = extractHtml(Buffer.from(html)).pages[0]!.text;
      expect(text).toContain('Before the table.');
      expect(text).toContain('After it.');
      expect(text).not.toMatch(/<\/?(?:table|thead|tbody|tr|td|th|b|br|p)\b/);
      // A data table's lines (a layout's cells may hold one, which html-to-text wraps as it lays them out).
      for (const line of text.split('\n')) {
        if (line.startsWith('| ') && line.endsWith(' |')) expect(isDelimiterLine(line) || pipeCells(line) !== null, JSON.stringify(line)).toBe(true);
      }
      for (const s of statements(text)) expect(s.text.trim().length).toBeGreaterThan(0);
    }
  });
});
