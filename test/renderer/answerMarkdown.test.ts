// The answer's text as Markdown for its shape only: lists and paragraphs, citation marks as links
// to their citations, and the documents' own characters never read as Markdown.
import { describe, expect, it } from 'vitest';
import { answerMarkdown } from '../../src/renderer/answerMarkdown.js';

const citations = [
  { path: '/docs/heat-pump-manual.pdf', page: 3 },
  { path: '/docs/my_notes.md', page: null },
];

describe('the answer as Markdown', () => {
  it('makes each citation mark a link to its citation, and leaves a mark it cannot match as text', () => {
    expect(answerMarkdown('The warranty is 7 years. [heat-pump-manual.pdf p.3]', citations)).toBe('\nThe warranty is 7 years. [heat-pump-manual.pdf p.3](#cite-0)\n');
    expect(answerMarkdown('See the notes. [my_notes.md]', citations)).toBe('\nSee the notes. [my\\_notes.md](#cite-1)\n');
    expect(answerMarkdown('Use git stash pop [--index].', citations)).toBe('\nUse git stash pop [--index].\n');
  });

  it('keeps a list a list, and a paragraph after it a paragraph', () => {
    expect(answerMarkdown('There are 2 PDF files:\n- a.pdf (2024-01-01)\n- b.pdf (2024-02-01)\n… and 3 more.', [])).toBe('\nThere are 2 PDF files:\n\n- a.pdf (2024-01-01)\n- b.pdf (2024-02-01)\n\n… and 3 more.\n');
  });

  it('takes a quoted sentence\'s own characters literally: no emphasis, code, heading, numbered list or table', () => {
    const md = answerMarkdown('# not a heading: A * x = b, random_page_cost and `rm` | pipe\n1. not a list', []);
    expect(md).toBe('\n\\# not a heading: A \\* x = b, random\\_page\\_cost and \\`rm\\` \\| pipe\n\n\n1\\. not a list\n');
  });
});
