import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/** A change to the source: the characters from `from` to `to` become `text`. */
interface Edit {
  from: number;
  to: number;
  text: string;
}

/** A quote's markers at the start of a line ("> ", "> > "). */
const QUOTE_MARKERS = /^[ \t]*>(?:[ \t]?>)*[ \t]?/;

/**
 * A Markdown file's text as its reader sees it, line for line: without the marks of emphasis
 * ("**total budget**"), a code span's backticks, a link's address ("[the quote](quotes/k.pdf)":
 * "the quote"), an image's address (its alt text stays) and a quote's "> ", while its blocks keep
 * the lines the chunker and Map read (a heading's "#", a list's items, a pipe table, a code block as
 * written). The marks are found by CommonMark's parser (mdast-util-from-markdown), so that what only
 * looks like a mark stays: an identifier's underscores ("R_LIBS_USER"), a lone star ("SELECT *").
 * Text the parser cannot read is returned as it is.
 */
export function markdownText(source: string): string {
  let tree: Nodes;
  try {
    tree = fromMarkdown(source);
  } catch {
    return source;
  }
  const edits: Edit[] = [];
  const visit = (node: Nodes): void => {
    const at = node.position;
    if (at?.start.offset === undefined || at.end.offset === undefined) return;
    const start = at.start.offset;
    const end = at.end.offset;
    switch (node.type) {
      case 'inlineCode':
        edits.push({ from: start, to: end, text: node.value });
        return;
      case 'image':
      case 'imageReference':
        edits.push({ from: start, to: end, text: node.alt ?? '' });
        return;
      case 'code':
      case 'html':
        return;
      case 'strong':
      case 'emphasis':
      case 'delete':
      case 'link':
      case 'linkReference': {
        // What it marks stays; the marks around it go ("**", "[", "](address)").
        const first = node.children[0]?.position?.start.offset;
        const last = node.children.at(-1)?.position?.end.offset;
        if (first === undefined || last === undefined) edits.push({ from: start, to: end, text: '' });
        else {
          edits.push({ from: start, to: first, text: '' }, { from: last, to: end, text: '' });
        }
        break;
      }
      case 'blockquote': {
        // Each of its lines without the markers that open it.
        for (let line = start; line < end; ) {
          const m = QUOTE_MARKERS.exec(source.slice(line, Math.min(end, line + 200)));
          if (m && m[0].length) edits.push({ from: line, to: line + m[0].length, text: '' });
          const next = source.indexOf('\n', line);
          if (next < 0) break;
          line = next + 1;
        }
        break;
      }
      default:
        break;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  if (!edits.length) return source;
  // In order, each piece of the source between them once (a blockquote's markers never overlap what it holds).
  edits.sort((a, b) => a.from - b.from || a.to - b.to);
  const pieces: string[] = [];
  let done = 0;
  for (const e of edits) {
    if (e.from < done) continue;
    pieces.push(source.slice(done, e.from), e.text);
    done = e.to;
  }
  pieces.push(source.slice(done));
  return pieces.join('');
}
