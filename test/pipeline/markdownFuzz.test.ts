// markdownText reads every Markdown file the indexer sees: generated Markdown (marks nested, unclosed
// and mixed, links and images with and without addresses, quotes, lists, tables, code, stray marks,
// huge lines, mixed scripts) never breaks it, never grows the text, and keeps the words that are not
// marks or addresses.
import { describe, expect, it } from 'vitest';
import { markdownText } from '../../src/pipeline/index/extractors/markdownText.js';
import { seeded } from '../helpers/fuzzConversations.js';

const WORDS = ['budget', 'R_LIBS_USER', 'EUR 1,200', '東京', 'مرحبا', '🙂', 'a*b', '*', '**', '_', '__', '`', '[', ']', '(', ')', '!', '>', '<', '|', '\\', '~~', 'x'.repeat(3000), '\u202e', '\ud800'];
const WRAPS: Array<(w: string) => string> = [
  (w) => w,
  (w) => `**${w}**`,
  (w) => `*${w}*`,
  (w) => `_${w}_`,
  (w) => `\`${w}\``,
  (w) => `[${w}](https://example.org/${w.length})`,
  (w) => `[${w}][ref]`,
  (w) => `![${w}](img.png)`,
  () => `<https://example.org>`,
  (w) => `**${w}`,
  (w) => `[${w}](`,
];
const BLOCKS: Array<(line: string) => string> = [
  (l) => l,
  (l) => `# ${l}`,
  (l) => `- ${l}`,
  (l) => `1. ${l}`,
  (l) => `> ${l}`,
  (l) => `> > ${l}`,
  (l) => `| ${l} | ${l} |`,
  (l) => `    ${l}`,
  (l) => `\`\`\`\n${l}\n\`\`\``,
  (l) => `[ref]: https://example.org/${l.length}`,
];

describe('markdownText on Markdown it has never seen', () => {
  it('never throws, never grows the text, and keeps the plain words', () => {
    const rand = seeded(97);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    for (let i = 0; i < 1500; i++) {
      const lines = Array.from({ length: 1 + Math.floor(rand() * 8) }, () => pick(BLOCKS)(Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(WRAPS)(pick(WORDS))).join(' ')));
      const source = lines.join(rand() < 0.5 ? '\n' : '\n\n');
      const out = markdownText(source);
      expect(typeof out).toBe('string');
      expect(out.length).toBeLessThanOrEqual(source.length);
    }
    // Crafted: a quote nested thousands deep is read (past the call stack), a run of marks longer than a block's
    // parse limit is left as written.
    expect(markdownText(`${'>'.repeat(5000)} x`)).toBe(' x');
    const run = '*a'.repeat(20_000);
    expect(markdownText(run)).toBe(run);
    // A word of letters in any mark is still there.
    for (const wrap of WRAPS.slice(0, 7)) expect(markdownText(`Before ${wrap('budget')} after.`)).toContain('budget');
  });
});

describe('markdownText on a long file', () => {
  it('reads it block by block, each block as a file of its own would be, a code fence whole', () => {
    const block = (i: number): string => `Paragraph ${i} has **marks** and a [link](https://example.org/${i}).\n\n`;
    const source = Array.from({ length: 400 }, (_, i) => block(i)).join('');
    expect(markdownText(source)).toBe(Array.from({ length: 400 }, (_, i) => `Paragraph ${i} has marks and a link.\n\n`).join(''));
    // A blank line inside a fence, past the size of a block, cuts nothing: the fence is code, as written.
    const fenced = `A ${'long '.repeat(1000)}**end**.\n\`\`\`\n**kept**\n\n[as](written)\n\`\`\`\n\nAfter the [fence](x).\n`;
    expect(markdownText(fenced)).toBe(`A ${'long '.repeat(1000)}end.\n\`\`\`\n**kept**\n\n[as](written)\n\`\`\`\n\nAfter the fence.\n`);
  });
});
