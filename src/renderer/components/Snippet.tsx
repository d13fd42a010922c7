/** A passage with its matched words (marked **like this** by the search) highlighted. */
export function Snippet({ text }: { text: string }) {
  const parts = text.split(/\*\*(.+?)\*\*/g);
  return <span className="snippet">{parts.map((p, i) => (i % 2 ? <mark key={i}>{p}</mark> : p))}</span>;
}
