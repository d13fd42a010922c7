/**
 * A field's label, as a note, a web page's table or definition list and Map read it: at most this
 * many words ("Policy number", "Renewal date"); a longer text before a colon is a sentence's start.
 */
export const FIELD_LABEL_WORDS = 4;

/** Whether a text is few enough words to be a field's label (FIELD_LABEL_WORDS). */
export const shortLabel = (text: string): boolean => text.trim().split(/\s+/).length <= FIELD_LABEL_WORDS;
