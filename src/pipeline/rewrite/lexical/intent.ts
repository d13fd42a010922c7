import type { Intent } from '../types.js';

/** Cue phrases per intent (English and Dutch), checked in this order. */
const CUES: Array<[Intent, RegExp]> = [
  ['count', /\b(how many|how much of|number of|count|hoeveel|aantal)\b|\b(aren'?t|are) there (any )?more\b|\bzijn er (nog )?meer\b/i],
  ['compare', /\b(compare[sd]?|comparison|versus|vs\.?|difference|differ|better|worse|which (one |of them )?(is|are) (more|less)|vergelijk\w*|verschil\w*|beter dan|slechter)\b/i],
  ['summarize', /\b(summar\w*|overview|tl;?dr|in short|samenvat\w*|overzicht|in het kort)\b/i],
  ['list', /^(any|are there|list|show( me)?( all)?|which|what are( the)?|zijn er|welke|toon|geef( me)? (alle|een lijst))\b|\b(all (the|my)|alle)\b/i],
];

/** The intent a question shows by its wording; factual when nothing points elsewhere. */
export function classifyIntent(question: string): Intent {
  const q = question.trim();
  for (const [intent, cue] of CUES) if (cue.test(q)) return intent;
  return 'factual';
}
