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
  return blocksOf(source).map(withoutMarks).join('');
}

/**
 * Characters of Markdown read at a time: the parser's time and memory grow faster than the text
 * (a 400 kB file of lists took 4.4 s and 450 MB in one piece), so a long file is read in blocks cut
 * at a blank line outside a code fence, where no inline mark can go on: 1 MB of marked-up lists in
 * 2.5 s (16,000 characters a block: 4.0 s; 64,000: 4.5 s), a block without any mark not parsed at
 * all. A link whose definition stands in another block stays as written.
 */
const BLOCK_CHARS = 4_000;
/** A line that opens or closes a fenced code block. */
const FENCE = /^ {0,3}(?:`{3,}|~{3,})/;
/** What a block needs to hold for the parser to find any mark in it. */
const MARKS = /[*_`[\]>!~<]/;

/** The source cut into blocks of about BLOCK_CHARS characters at blank lines outside code fences; joined, the source. */
function blocksOf(source: string): string[] {
  if (source.length <= BLOCK_CHARS) return [source];
  const blocks: string[] = [];
  let from = 0;
  let fenced = false;
  for (let at = 0; at < source.length; ) {
    const next = source.indexOf('\n', at);
    const end = next < 0 ? source.length : next + 1;
    const line = source.slice(at, end);
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced && !line.trim() && end - from >= BLOCK_CHARS) {
      blocks.push(source.slice(from, end));
      from = end;
    }
    at = end;
  }
  if (from < source.length) blocks.push(source.slice(from));
  return blocks;
}

/**
 * A block longer than this (a paragraph, list or table of as many characters without a blank line)
 * is left as written: the parser's emphasis is quadratic in a crafted run of marks ("*a*a*a…": 40,000
 * characters took 10 s, 20,000 about 2.5 s).
 */
const PARSE_LIMIT = 20_000;

/** One block without its marks (markdownText). */
function withoutMarks(source: string): string {
  if (!MARKS.test(source) || source.length > PARSE_LIMIT) return source;
  let tree: Nodes;
  try {
    tree = fromMarkdown(source);
  } catch {
    return source;
  }
  const edits: Edit[] = [];
  // The marks of a node; whether what it holds is read too.
  const read = (node: Nodes): boolean => {
    const at = node.position;
    if (at?.start.offset === undefined || at.end.offset === undefined) return false;
    const start = at.start.offset;
    const end = at.end.offset;
    switch (node.type) {
      case 'inlineCode':
        edits.push({ from: start, to: end, text: node.value });
        return false;
      case 'image':
      case 'imageReference':
        edits.push({ from: start, to: end, text: node.alt ?? '' });
        return false;
      case 'code':
      case 'html':
        return false;
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
    return 'children' in node;
  };
  // Depth first by a stack of its own: a crafted file nests thousands deep ("> > > …"), past the call stack.
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) if (read(node) && 'children' in node) stack.push(...node.children);
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
