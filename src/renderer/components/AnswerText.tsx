import Markdown from 'react-markdown';
import type { Answer } from '../../shared/api';
import { answerMarkdown } from '../answerMarkdown';
import { fileName, openFile } from '../client';

type Citation = Answer['citations'][number];

/** A citation as a chip: its file and page, the cited sentence on hover and focus; opens the page. */
export function CitationChip({ citation }: { citation: Citation }) {
  return (
    <button type="button" className="cite-chip" title={citation.quote} aria-label={`Open ${fileName(citation.path)}${citation.page ? ` at page ${citation.page}` : ''}`} onClick={() => void openFile(citation.path, citation.page)}>
      {fileName(citation.path)}
      {citation.page ? ` p.${citation.page}` : ''}
    </button>
  );
}

/** The answer's text, readable: its lists as lists, its citation marks as chips. */
export function AnswerText({ answer }: { answer: Answer }) {
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
