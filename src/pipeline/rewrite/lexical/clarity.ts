/** Words that carry no meaning for search when spoken or typed as fillers (English, Dutch). */
const FILLERS = /(^|[\s,])(u+h+m*|u+m+|e+r+m*|h+m+|ehm+|eu+h+|e+h+|you know|i mean|like,|basically|nou|zeg|weet je)(?=[\s,?.!]|$)/giu;
const LEADING = /^(so|well|ok(ay)?|hey|hi|dus|nou|goh|hoi)[\s,]+/i;

/** The query without filler words and doubled spaces; unchanged when there are none. */
export function removeFillers(query: string): string {
  let q = query.replace(FILLERS, '$1').replace(LEADING, '');
  q = q.replace(/\s*,\s*(,\s*)+/g, ', ').replace(/^[\s,]+/, '').replace(/\s{2,}/g, ' ').trim();
  return q.length > 0 ? q : query.trim();
}
