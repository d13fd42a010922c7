import type { Answer } from '../shared/api.js';

type Citation = Pick<Answer['citations'][number], 'path' | 'page'>;

import { fileName } from '../shared/words.js';

/** A citation mark as the answer writes it: `[file p.N]` or `[file]`. */
const MARK = /\[([^\]\n]+?)(?: p\.(\d+))?\]/g;
/** Characters that would make a quoted sentence's words into Markdown emphasis or code. */
const INLINE = /([\\*_`~|])/g;

/** The citation a mark names, by file name and page. */
function citationOf(citations: readonly Citation[], name: string, page: string | undefined): number {
  return citations.findIndex((c) => fileName(c.path) === name && (page ? c.page === Number(page) : c.page === null));
}

/**
 * The answer as Markdown for its shape only (paragraphs, lists), every sentence's own characters
 * taken literally, and each citation mark a link to its citation. The text comes from the user's
 * documents or a model: react-markdown renders no HTML, and links other than citations are text.
 */
export function answerMarkdown(answer: string, citations: readonly Citation[]): string {
  return answer
    .split('\n')
    .map((line) => {
      const item = /^- /.test(line);
      const body = (item ? line.slice(2) : line).replace(INLINE, '\\$1').replace(/^(#+|>|\+)/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
      const linked = body.replace(MARK, (whole: string, name: string, page: string | undefined) => {
        const i = citationOf(citations, name.replace(/\\(.)/g, '$1'), page);
        return i >= 0 ? `[${whole.slice(1, -1)}](#cite-${i})` : whole;
      });
      // A paragraph stands apart from a list before it (else Markdown reads it as the item's continuation).
      return item ? `- ${linked}` : `\n${linked}\n`;
    })
    .join('\n');
}

