export type DocType = 'pdf' | 'docx' | 'html' | 'markdown' | 'text' | 'code';

/** One page of text; `page` is 1-based for paginated formats and null for the rest. */
export interface ExtractedPage {
  page: number | null;
  text: string;
  /**
   * The document's own sections in force on this page (a PDF's outline), each from `offset` in
   * `text` on, in order; the first one may carry over from an earlier page (offset 0).
   */
  sections?: PageSection[];
}

/** A section title, in force from `offset` (into its page's text) on. */
export interface PageSection {
  offset: number;
  title: string;
}

export interface ExtractedDocument {
  type: DocType;
  title: string | null;
  pages: ExtractedPage[];
}

/**
 * A file that cannot be indexed. `skipped`: nothing to index (empty, binary, unsupported);
 * `failed`: it should have worked but the content is broken or locked.
 * `reason` is shown to the user as it is, so it says what is wrong in plain words.
 */
export class ExtractionError extends Error {
  readonly status: 'skipped' | 'failed';
  readonly reason: string;

  constructor(status: 'skipped' | 'failed', reason: string) {
    super(reason);
    this.name = 'ExtractionError';
    this.status = status;
    this.reason = reason;
  }
}
