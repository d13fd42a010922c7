import { capitalise, caseLike } from './words.js';

/**
 * Words that carry no meaning for search when spoken or typed as fillers (English, Dutch). Not a
 * bare "er": it is a Dutch word ("wat valt er niet onder?"); "erm", "errr" are fillers.
 */
const FILLERS = /(^|[\s,])(u+h+m*|u+m+|e+r+m+|err+|h+m+|ehm+|eu+h+|e+h+|you know|i mean|like,|basically|nou|zeg(?=\s*,)|weet je)(?=[\s,?.!]|$)/giu;
/**
 * Openings that carry nothing of the question: "so", "ok", a thanks ("ok thanks.", "bedankt!"), and
 * an acknowledgement said apart by its punctuation ("great, …", "well, …"; "great apes", "well water" are none).
 */
const LEADING = /^(?:(?:so|ok(?:ay)?|hey|hi|dus|nou|goh|hoi|thanks|thank\s+you|thx|bedankt|dank\s+je(?:\s+wel)?)(?:\s+(?:a\s+lot|so\s+much|very\s+much))?[\s,.!]+|(?:well|great|perfect|cool|nice|got\s+it|i\s+see|oke|oké|top|prima|super|helder|duidelijk)[,.!]+\s*)+/i;

/** "no, I meant" before a question of its own ("No, I meant which TV series was the best?"): the question is what is asked. */
const CORRECTION_BEFORE_QUESTION =
  /^(?:(?:no|nope|sorry|oh|actually|nee)[,.!]?\s+)*(?:I\s+(?:meant|mean)|ik\s+bedoel(?:de)?)[,:]?\s+(?=(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|wat|welke|wie|wanneer|waar|waarom|hoe|hoeveel|kan|moet|zijn)\b)/i;

/** The query without filler words and doubled spaces; unchanged when there are none. */
export function removeFillers(query: string): string {
  let q = query.replace(FILLERS, '$1').replace(LEADING, '').replace(CORRECTION_BEFORE_QUESTION, '');
  q = q.replace(/\s*,\s*(,\s*)+/g, ', ').replace(/^[\s,]+/, '').replace(/\s{2,}/g, ' ').trim();
  return q.length > 0 ? q : query.trim();
}

/**
 * Openings that announce a new subject ("Changing the subject a bit, …", "On another note: …",
 * "Iets anders: …"): what follows stands alone, whatever the conversation was about. Misspelt
 * "changing" ("chaging") still counts.
 */
const TOPIC_SHIFT = new RegExp(
  '^\\s*(?:' +
    [
      '(?:ch\\p{L}*ing|switching)\\s+(?:the\\s+)?(?:subject|topics?)(?:\\s+(?:a|little|bit))*',
      'on\\s+(?:another|a\\s+different|an\\s+unrelated|a\\s+separate)\\s+note',
      '(?:another|a\\s+different|an\\s+unrelated|a\\s+new|new|different|unrelated)\\s+(?:topic|subject|question)',
      'unrelated(?:[\\s,]+but)?',
      '(?:even\\s+)?iets\\s+anders',
      '(?:een\\s+)?ander\\s+onderwerp',
      'los\\s+daarvan',
      '(?:een\\s+)?(?:nieuwe|andere)\\s+vraag',
    ].join('|') +
    ')(?=[\\s,:;.!-])[\\s,:;.!-]*',
  'iu',
);

/** Whether the query opens by changing the subject, and the query without that opening. */
export function topicShift(query: string): { shifted: boolean; text: string } {
  const m = TOPIC_SHIFT.exec(query);
  if (!m) return { shifted: false, text: query };
  const rest = query.slice(m[0].length).trim();
  return rest ? { shifted: true, text: capitalise(rest) } : { shifted: false, text: query };
}

/**
 * Chat shorthand typed into a launcher, by language: "what abt pets", "can u sublet", "how r the
 * fees", "mag ik mn fiets ff stallen?". Only as whole words in lower case ("U" and "R" are names);
 * Dutch "u" is a word of its own, so is English "r" but after a question word or before a pronoun.
 */
const SHORTHAND: Record<'en' | 'nl', [RegExp, string][]> = {
  en: [
    [/(?<![\p{L}\p{N}'’/])abt(?![\p{L}\p{N}'’])/gu, 'about'],
    [/(?<![\p{L}\p{N}'’/])u(?![\p{L}\p{N}'’/])/gu, 'you'],
    [/(?<![\p{L}\p{N}'’/])ur(?![\p{L}\p{N}'’])/gu, 'your'],
    [/(?<=(?:^|\s)(?:how|what|where|who|why|when|which)\s+)r(?=\s)|(?<=^\s*)r(?=\s+(?:u|you|there|they|we|these|those)\b)/gu, 'are'],
    [/(?<![\p{L}\p{N}'’])b4(?![\p{L}\p{N}'’])/gu, 'before'],
    [/(?<![\p{L}\p{N}'’])(?:bc|cuz|coz)(?![\p{L}\p{N}'’])/gu, 'because'],
    [/(?<![\p{L}\p{N}'’])w\/o(?![\p{L}\p{N}'’])/gu, 'without'],
    [/(?<![\p{L}\p{N}'’])w\/(?=\s)/gu, 'with'],
    [/(?<![\p{L}\p{N}'’])(?:tmrw|tmr)(?![\p{L}\p{N}'’])/gu, 'tomorrow'],
    [/(?<![\p{L}\p{N}'’])thru(?![\p{L}\p{N}'’])/gu, 'through'],
  ],
  nl: [
    [/(?<![\p{L}\p{N}'’])(?:mn|m['’]n)(?![\p{L}\p{N}'’])/gu, 'mijn'],
    [/(?<![\p{L}\p{N}'’])z['’]n(?![\p{L}\p{N}'’])/gu, 'zijn'],
    [/(?<![\p{L}\p{N}'’])ff(?![\p{L}\p{N}'’])/gu, 'even'],
    [/(?<![\p{L}\p{N}'’])wnr(?![\p{L}\p{N}'’])/gu, 'wanneer'],
    [/(?<![\p{L}\p{N}'’])hvl(?![\p{L}\p{N}'’])/gu, 'hoeveel'],
  ],
};

/** The query with chat shorthand written out (see SHORTHAND); unchanged in other languages. */
export function expandShorthand(query: string, language: string): string {
  if (language !== 'nl' && language !== 'en') return query;
  return SHORTHAND[language].reduce((text, [pattern, full]) => text.replace(pattern, (m) => caseLike(m, full)), query);
}
