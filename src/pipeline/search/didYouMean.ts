import { isEnglishWord } from '../rewrite/lexical/tagger.js';
import { caseLike } from '../rewrite/lexical/words.js';
import { wordPattern } from '../../shared/words.js';
import type { TermStats } from './termStats.js';

/** A word of at least this many letters is read for a slip (TermStats.nearestWord's least). */
const MIN_LETTERS = 4;

/**
 * The index's word that a word no passage holds is likeliest a slip of, where the word is no
 * English word (the tagger's lexicon: "pump" asked of manuals is absent, no slip of "dump").
 */
export function slipOf(word: string, termStats: TermStats): string | undefined {
  return isEnglishWord(word) ? undefined : termStats.nearestWord(word);
}

/**
 * A search text with each word that no passage holds, and that is no English word (the tagger's
 * lexicon), replaced by the index's word it is likeliest a slip of ("houtmulsh" → houtmulch,
 * "brnach" → branch; TermStats.nearestWord), but not one that begins a word of the index (being
 * typed); undefined where no word has one. For the launcher's "Did you mean …?", asked as the user
 * types, as the chat's not-found answer names such words.
 */
export function didYouMean(text: string, termStats: TermStats): string | undefined {
  const words = [...new Set(text.match(new RegExp(`(?<![\\p{L}\\p{N}_])\\p{L}{${MIN_LETTERS},}(?![\\p{L}\\p{N}_])`, 'gu')) ?? [])];
  let changed = false;
  let out = text;
  for (const word of words) {
    // A word that begins a word of the files is being typed ("houtm" of houtmulch), not mistyped.
    if (termStats.termsStartingWith(word.toLowerCase()).length) continue;
    const nearest = slipOf(word, termStats);
    if (!nearest) continue;
    out = out.replace(wordPattern(word), () => caseLike(word, nearest));
    changed = true;
  }
  return changed ? out : undefined;
}
