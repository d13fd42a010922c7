import type { Intent } from '../types.js';

/** Cue phrases per intent (English and Dutch), checked in this order. */
const CUES: Array<[Intent, RegExp]> = [
  // "Hoeveel … vergeleken met Q2?": a number set against another is a comparison.
  ['compare', /\b(compared (to|with)|in comparison (to|with)|versus|vs\.?|vergeleken met|ten opzichte van)(?=\s)/i],
  // A Dutch "hoeveel" before a verb of paying or amounting, or a comparative, asks how much ("hoeveel kost het?",
  // "hoeveel moet ik bijbetalen?", "hoeveel lager?", "hoeveel water?"), as "how much" does.
  // "count" as a verb of weighing ("does that count against my vacation days?", "does overtime count
  // toward it?", "can I count on it?") asks no number.
  ['count', /\b(how many|how much of|number of|count(?!\s+(?:against|toward|towards|as|for|on|in|into|to)\b)|hoeveel(?!\s+(?:kost|kosten|kostte|moet|moeten|mag|mogen|gaat|stijgt|daalt|is|was|bedraagt|betaal|betaalt|betalen|krijg|krijgt|verdien|verdient|bespaar|bespaart|scheelt|[a-z]+er)\b)|aantal)\b|\b(aren'?t|are) there (any )?more\b|\bzijn er (nog )?meer\b/i],
  ['compare', /\b(compare[sd]?|comparison|versus|vs\.?|difference|differ|better|worse|which (one |of them )?(is|are) (more|less)|vergelijk\w*|verschil\w*|beter dan|slechter)\b/i],
  // "which one is cheaper?", "which heat pump is more efficient?", "which of the quotes is the lowest?", "welke is het goedkoopst?": a
  // comparative ending the clause, or a superlative (not "the first"), asked of several things.
  ['compare', /\b(which|welke?)(\s+[\p{L}\p{N}-]+){0,4}\s+(is|are|was|were|zijn|waren|has|have|had|offers?|gives?|heeft|hebben|biedt|geeft)\s+(?:(?:(?:more|less)(?:\s+\p{L}{3,})?|\p{L}{3,}er)(?=\s*(?:[?.!,(]|$|than\b|dan\b))|(?:the|de|het)\s+(?!first\b|last\b|eerst|laatst|(?:inter|requ|for|cont|prot|dig|gu|ch|t|arr|harv|manif|sugg|conqu|inqu)est\b)(?:most|least|meest|minst|\p{L}{2,}ste?)\b)/iu],
  // "which has more ports?", "which is lighter, the XPS 13 or the ThinkPad X1?", "which one has the longer warranty (Zonnefix
  // or SunPower)?", "welke heeft meer geheugen?": a choice between things.
  ['compare', /^(?:(?:and|en)\s+)?(?:which|welke?)\b(?:[^,?]*,[^?]*\s(?:or|of)\s|[^(?]*\([^)]*\s(?:or|of)\s[^)]*\)|(?:\s+[\p{L}\p{N}-]+){0,3}\s+(?:has|have|had|heeft|hebben|uses?|gebruikt|costs?|kost|needs?|takes?)\s+(?:more|less|fewer|meer|minder)\b)/iu],
  // "vat het samen", "vat dit rapport kort samen": the Dutch verb split in a request.
  ['summarize', /\b(summar\w*|overview|tl;?dr|in short|samenvat\w*|vat\s+(?:\S+\s+){0,7}samen|overzicht|in het kort)\b/i],
  ['list', /^(any|are there|list|show( me)?( all)?|which|what are( the)?|zijn er|welke|toon|geef( me)? (alle|een lijst))\b|\b(all (the|my)|alle)\b/i],
];

/** The intent a question shows by its wording; factual when nothing points elsewhere. */
export function classifyIntent(question: string): Intent {
  const q = question.trim();
  for (const [intent, cue] of CUES) if (cue.test(q)) return intent;
  return 'factual';
}
