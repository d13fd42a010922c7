import { capitalise, caseLike } from './words.js';

/**
 * Words that carry no meaning for search when spoken or typed as fillers (English, Dutch). Not a
 * bare "er": it is a Dutch word ("wat valt er niet onder?"); "erm", "errr" are fillers.
 */
const FILLERS = /(^|[\s,])(u+h+m*|u+m+|e+r+m+|err+|h+m+|ehm+|eu+h+|e+h+|(?<!\b(?:do|did|does|don['’]t|didn['’]t|would|will|can|could|should|if|what|who|how|as|may|might|let)\s+)you know|i mean|like,|basically|nou|zeg(?=\s*,)|weet je)(?=[\s,?.!]|$)/giu;
/**
 * Openings that carry nothing of the question: "so", "ok", a thanks ("ok thanks.", "bedankt!"), and
 * an acknowledgement said apart by its punctuation ("great, …", "well, …"; "great apes", "well water" are none).
 */
const LEADING = /^(?:(?:so|ok(?:ay)?|hey|hi|dus|nou|goh|hoi|thanks|thank\s+you|thx|bedankt|dank\s+je(?:\s+wel)?)(?:\s+(?:a\s+lot|so\s+much|very\s+much))?[\s,.!]+|(?:well|great|perfect|cool|nice|got\s+it|i\s+see|oke|oké|top|prima|super|helder|duidelijk)[,.!]+\s*)+/i;

/** "no, I meant" before a question of its own ("No, I meant which TV series was the best?"): the question is what is asked. */
const CORRECTION_BEFORE_QUESTION =
  /^(?:(?:no|nope|sorry|oh|actually|nee)[,.!]?\s+)*(?:I\s+(?:meant|mean)|ik\s+bedoel(?:de)?)[,:]?\s+(?=(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|would|will|wat|welke|wie|wanneer|waar|waarom|hoe|hoeveel|kan|moet|zijn)\b)/i;

/**
 * A reaction to the answer said before the next question, a sentence of its own: "That's a relief.
 * How do I file a claim?", "Aha, that might be it … tell me more", "Dat is jammer. En de borg?", "You
 * are right, but …". Its "that" points at nothing the question asks ("That's a complicated
 * bookkeeping!" alone is the question, and stays).
 */
const REACTION = new RegExp(
  '^(?:(?:oh|ah|aha|wow|hmm|ok|okay|i\\s+see|well|o|wauw|oké)[,!.…]*\\s+)*(?:' +
    [
      "(?:that|this|it)(?:['’]s|\\s+is|\\s+was|\\s+sounds|\\s+seems|\\s+looks|\\s+might\\s+be|\\s+must\\s+be)\\s+(?:(?:so|very|really|quite|pretty|too|a\\s+bit|kind\\s+of)\\s+)*" +
        '(?:bad|sad|great|good|nice|cool|interesting|weird|strange|odd|surprising|amazing|awesome|helpful|useful|clear|fair|unfortunate|a\\s+relief|a\\s+shame|a\\s+pity|crazy|funny|confusing|it|true|correct|wrong|fine|ok|okay|perfect|excellent|impressive|scary|surprised\\s+me|surprises\\s+me|good\\s+to\\s+know)\\s*[.!…]+',
      '(?:dat|dit|het)\\s+(?:is|was|klinkt|lijkt)\\s+(?:(?:heel|erg|best|wel|echt|zo|nogal)\\s+)*(?:jammer|fijn|mooi|goed|handig|raar|vreemd|gek|interessant|duidelijk|balen|top|prima|ingewikkeld|logisch|waar|fout)\\s*[.!…]+',
      "you(?:['’]re|\\s+are)\\s+(?:so\\s+|absolutely\\s+|quite\\s+)?right[,.!]+",
      '(?:je|u)\\s+hebt\\s+(?:helemaal\\s+)?gelijk[,.!]+',
    ].join('|') +
    ')\\s*(?=\\S)',
  'iu',
);

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

/**
 * Words said to the assistant rather than about the thing asked, by language: "can you tell me",
 * "you said", "I was wondering", "do you think", "please", a closing ", right?". Documents do not
 * hold them, and a keyword search that counts them finds passages that happen to "tell", "say"
 * or "mean". Each pattern takes the whole frame, so what is left still reads as the question.
 * "What do you mean by X?" asks what X is.
 */
const TALK: Record<'en' | 'nl', [RegExp, string][]> = {
  en: [
    [/\bwhat\s+do\s+you\s+mean\s+(?:by|with)\b/giu, 'what is'],
    [
      /\b(?:(?:can|could|would|will)\s+you|are\s+you\s+able\s+to)\s+(?:please\s+)?(?:tell\s+me|show\s+me|give\s+me|let\s+me\s+know|explain(?:\s+to\s+me)?|clarify|elaborate(?:\s+on)?|describe|say)(?:\s+more)?\b/giu,
      '',
    ],
    [/(?<=^\s*|[.!?,;:…]\s*)(?:please\s+)?(?:tell\s+me|explain(?:\s+to\s+me)?|let\s+me\s+know|show\s+me|give\s+me)(?:\s+more)?\b/giu, ''],
    [/\b(?:i\s+(?:would|'d|’d)\s+like|i\s+want)\s+to\s+know(?:\s+more)?\b/giu, ''],
    [
      /\b(?:(?:do|does)\s+(?:you|anyone)\s+have|(?:can|could|would)\s+you\s+(?:please\s+)?(?:provide|give)(?:\s+me)?(?:\s+with)?)\s+(?:(?:any|some|more)\s+)*(?:information|info|details)(?:\s+(?:on|about|of|regarding|as\s+to))?\b/giu,
      '',
    ],
    [/\byou\s+(?:just\s+)?(?:said|mentioned|told\s+me|wrote|suggested)(?:\s+(?:earlier|before))?(?:\s+that\b)?/giu, ''],
    [/\b(?:are|were)\s+you\s+saying(?:\s+that\b)?/giu, ''],
    [/\b(?:do|did)\s+you\s+(?:know|think)\b/giu, ''],
    [/\bmay\s+i\s+ask(?:\s+you)?\b/giu, ''],
    [
      /\bi(?:\s+(?:also\s+|just\s+|really\s+)?(?:think|wonder(?:ed)?(?:\s+(?:if|whether))?)|(?:\s+am|['’]m|\s+was)\s+(?:also\s+)?(?:wondering|(?:very\s+|really\s+)?curious(?:\s+about)?|not\s+sure|told))\b/giu,
      '',
    ],
    [/(?<=^\s*|[.!?,;:…]\s*)(?:no|sorry|oh|actually)?[,.!]?\s*i\s+(?:meant|mean)\b[,:]?/giu, ''],
    [/(?:(?<=^\s*|[.!?,;:…]\s*)|\bi\s+)(?:don't|don’t|do\s+not)\s+know(?:\s+(?:if|whether))?\b/giu, ''],
    [/\b(?:please|kindly)\b/giu, ''],
    [/[,.…]+\s*right\s*\?\s*$/giu, '?'],
  ],
  nl: [
    [/\bwat\s+bedoel\s+(?:je|jij|u)\s+met\b/giu, 'wat is'],
    [/\b(?:kun|kan|kunt)\s+(?:je|jij|u)\s+(?:me\s+|mij\s+)?(?:(?:eens|even)\s+)?(?:vertellen|uitleggen|laten\s+weten)\b/giu, ''],
    [/(?<=^\s*|[.!?,;:…]\s*)(?:vertel|leg)\s+(?:me\s+|mij\s+)?(?:(?:eens|even)\s+)?(?:(?:meer\s+)?over\b|uit\b)?/giu, ''],
    [/\bik\s+(?:wil|zou)\s+(?:graag\s+)?(?:willen\s+)?weten\b/giu, ''],
    [/\b(?:je|jij|u)\s+(?:zei|zegt|noemde)(?:\s+(?:net|eerder))?(?:\s+dat\b)?|\bzei\s+(?:je|jij|u)(?:\s+(?:net|eerder|niet))?(?:\s+dat\b)?/giu, ''],
    [/\bik\s+(?:bedoel(?:de)?|denk|vraag\s+me\s+af|ben\s+(?:wel\s+)?benieuwd(?:\s+naar)?)\b/giu, ''],
    [/\b(?:graag|alsjeblieft|alstublieft|a\.?u\.?b\.?)(?=[\s,.!?]|$)/giu, ''],
  ],
};

/**
 * The question as the keyword search should read it: without the words said to the assistant (see
 * TALK). Unchanged when nothing of the question would be left, or in another language.
 */
export function withoutTalk(question: string, language: string): string {
  if (language !== 'nl' && language !== 'en') return question;
  let q = question;
  for (const [pattern, by] of TALK[language]) q = q.replace(pattern, by);
  if (q === question) return question;
  q = q
    .replace(/\s+([,.?!])/g, '$1')
    .replace(/([,;:])[,;:\s]*(?=[?.!]|$)/g, '')
    .replace(/^[\s,.;:!?…-]+/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(q) ? capitalise(q) : question;
}
