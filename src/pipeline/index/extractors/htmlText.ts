/** What htmlparser2's nodes and html-to-text's (the same objects, typed apart) have in common. */
export interface HtmlNode {
  type: string;
  name?: string;
  data?: string;
  children?: HtmlNode[];
  attribs?: Record<string, string>;
  /** The siblings either side (htmlparser2's DOM; text between elements included). */
  prev?: HtmlNode | null;
  next?: HtmlNode | null;
}

/** Elements whose edges part lines: "a<br>b", "<p>x</p><p>y</p>", a table's cells. */
const BLOCKS = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'pre', 'table', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'blockquote']);
const SKIPPED = new Set(['script', 'style']);

/**
 * The text of nodes in document order, a line break at each block's edges (at most one blank line
 * between), scripts and styles left out. Without recursion: a page may nest thousands deep.
 */
export function plainText(nodes: readonly HtmlNode[]): string {
  const parts: string[] = [];
  const stack: (HtmlNode | '\n')[] = [...nodes].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n === '\n') parts.push('\n');
    else if (n.type === 'text') parts.push(n.data ?? '');
    else if (n.children && n.name && !SKIPPED.has(n.name)) {
      if (BLOCKS.has(n.name)) {
        parts.push('\n');
        stack.push('\n');
      }
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }
  return parts.join('').replace(/[ \t]+/g, ' ').replace(/ *\n\s*/g, (m) => (m.split('\n').length > 2 ? '\n\n' : '\n')).trim();
}
