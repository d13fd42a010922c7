import { useId, useState } from 'react';
import Markdown from 'react-markdown';
import type { Answer } from '../../shared/api';
import { answerMarkdown } from '../answerMarkdown';
import { fileName, openFile } from '../client';

type Citation = Answer['citations'][number];

/**
 * A citation as a chip: its file and page; on hover or focus, the cited sentence marked in the
 * text around it (Escape hides it); a click opens the page.
 */
export function CitationChip({ citation }: { citation: Citation }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const where = `${fileName(citation.path)}${citation.page ? ` p.${citation.page}` : ''}`;
  return (
    <span className="cite" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="cite-chip"
        aria-label={`Open ${fileName(citation.path)}${citation.page ? ` at page ${citation.page}` : ''}`}
        aria-describedby={open ? id : undefined}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        onClick={() => void openFile(citation.path, citation.page)}
      >
        {where}
      </button>
      {open && (
        <span role="tooltip" id={id} className="cite-context">
          {citation.context?.before}
          <mark>{citation.quote}</mark>
          {citation.context?.after}
        </span>
      )}
    </span>
  );
}

/** The answer's text, readable: its lists as lists, its citation marks as chips. */
export function AnswerText({ answer }: { answer: Pick<Answer, 'answer' | 'citations'> }) {
  return (
    <div className="answer-text">
      <Markdown
        components={{
          a: ({ href, children }) => {
            const i = href?.startsWith('#cite-') ? Number(href.slice(6)) : -1;
            const c = answer.citations[i];
            return c ? <CitationChip citation={c} /> : <span>{children}</span>;
          },
          img: ({ alt }) => <span>{alt}</span>,
        }}
      >
        {answerMarkdown(answer.answer, answer.citations)}
      </Markdown>
    </div>
  );
}
