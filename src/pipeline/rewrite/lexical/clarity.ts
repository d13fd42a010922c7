import WORDS from './clarityWords.json' with { type: 'json' };
import { capitalise, caseLike } from './words.js';

type Entry = [source: string, flags: string, by?: string];
const TABLE = WORDS as unknown as Record<'fillers' | 'leading' | 'correction' | 'reaction' | 'topicShift', Entry> & Record<'shorthand' | 'talk', Record<string, Entry[]>>;
const regExp = ([source, flags]: Entry): RegExp => new RegExp(source, flags);
const replacements = (entries: Record<string, Entry[]>): Record<string, [RegExp, string][]> =>
  Object.fromEntries(Object.entries(entries).map(([language, list]) => [language, list.map((e): [RegExp, string] => [regExp(e), e[2] ?? ''])]));

/** Fillers ("uhm", "you know"; not a bare Dutch "er"), openings that carry nothing ("so", "ok thanks."), "no, I meant" before a question, and a reaction said before it ("That's a relief."): clarityWords.json. */
const FILLERS = regExp(TABLE.fillers);
const LEADING = regExp(TABLE.leading);
const CORRECTION_BEFORE_QUESTION = regExp(TABLE.correction);
const REACTION = regExp(TABLE.reaction);

/** The query without filler words, openings that carry nothing of the question, and doubled spaces; unchanged when there are none. */
export function removeFillers(query: string): string {
  let q = query.replace(FILLERS, '$1');
  for (let before = ''; before !== q; ) {
    before = q;
    q = q.replace(LEADING, '').replace(REACTION, '');
  }
  q = q.replace(CORRECTION_BEFORE_QUESTION, '');
  q = q.replace(/\s*,\s*(,\s*)+/g, ', ').replace(/^[\s,]+/, '').replace(/\s{2,}/g, ' ').trim();
  return q.length > 0 ? q : query.trim();
}

/** Openings that announce a new subject ("Changing the subject a bit, …", "Iets anders: …", "Anderes Thema: …"): what follows stands alone. */
const TOPIC_SHIFT = regExp(TABLE.topicShift);

/** Whether the query opens by changing the subject, and the query without that opening. */
export function topicShift(query: string): { shifted: boolean; text: string } {
  const m = TOPIC_SHIFT.exec(query);
  if (!m) return { shifted: false, text: query };
  const rest = query.slice(m[0].length).trim();
  return rest ? { shifted: true, text: capitalise(rest) } : { shifted: false, text: query };
}

/** Chat shorthand typed into a launcher, per language ("what abt pets", "mag ik mn fiets ff stallen?"), whole lower-case words only. */
const SHORTHAND = replacements(TABLE.shorthand);

/** The query with chat shorthand written out (see SHORTHAND); unchanged in other languages. */
export function expandShorthand(query: string, language: string): string {
  const table = SHORTHAND[language];
  if (!table) return query;
  return table.reduce((text, [pattern, full]) => text.replace(pattern, (m) => caseLike(m, full)), query);
}

/**
 * Words said to the assistant rather than about the thing asked, per language ("can you tell me", "you said", "kun je me
 * vertellen", "kannst du mir sagen", "pouvez-vous me dire"; "what do you mean by X?" asks what X is). Documents do not
 * hold them, and a keyword search that counts them finds passages that happen to "tell" or "say".
 */
const TALK = replacements(TABLE.talk);

/**
 * The question as the keyword search should read it: without the words said to the assistant (see
 * TALK). Unchanged when nothing of the question would be left, or in another language.
 */
export function withoutTalk(question: string, language: string): string {
  const talk = TALK[language];
  if (!talk) return question;
  let q = question;
  for (const [pattern, by] of talk) q = q.replace(pattern, by);
  if (q === question) return question;
  q = q
    .replace(/\s+([,.?!])/g, '$1')
    .replace(/([,;:])[,;:\s]*(?=[?.!]|$)/g, '')
    .replace(/^[\s,.;:!?…-]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(q) ? capitalise(q) : question;
}
