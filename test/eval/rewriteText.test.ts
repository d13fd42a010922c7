import { describe, expect, it } from 'vitest';
import { addedTermScores, inPronounPlace } from '../../src/eval/rewriteText.js';

describe('what a reference rewrite put in a pronoun’s place (the phrase model’s label)', () => {
  const at = (query: string, pronoun: string): number => query.search(new RegExp(`\\b${pronoun}\\b`));

  it('takes what the reference says where the pronoun stood, not the scope it adds elsewhere', () => {
    const query = 'and how do I remove it again?';
    const reference = 'How do I remove the plugin from the store again in the editor?';
    expect(inPronounPlace(query, at(query, 'it'), reference, ['store', 'plugin', 'editor'])).toEqual(new Set(['plugin', 'store']));
  });

  it('finds the place by the question’s own words before the pronoun, in order, skipping those the reference dropped', () => {
    const query = 'and can it sign the commit?';
    const reference = 'Can the rebase tool of the shell sign the new commit?';
    expect(inPronounPlace(query, at(query, 'it'), reference, ['shell', 'tool', 'commit'])).toEqual(new Set(['shell', 'tool']));
  });

  it('reads a possessive’s thing after the noun it owns ("its size" → "the size of the chart")', () => {
    const query = 'can I choose its size for the slides?';
    const reference = 'Can I choose the size of the chart for the slides?';
    expect(inPronounPlace(query, at(query, 'its'), reference, ['slide', 'chart'])).toEqual(new Set(['chart']));
  });

  it('counts every named thing where the reference kept the pronoun, and matches plural forms', () => {
    const query = 'does it lock the tables?';
    expect(inPronounPlace(query, at(query, 'it'), 'Does it lock the tables of the database?', ['database'])).toBeUndefined();
    expect(inPronounPlace(query, at(query, 'it'), 'Do the backups lock the tables?', ['backup', 'table'])).toEqual(new Set(['backup']));
  });
});

describe('added terms compared with the reference’s', () => {
  it('scores a rewrite by the words it adds beyond the query', () => {
    expect(addedTermScores('what about it?', 'what about the heat pump?', 'what about the heat pump warranty?').precision).toBe(1);
    expect(addedTermScores('what about it?', 'what about the heat pump?', 'what about the heat pump warranty?').recall).toBeCloseTo(2 / 3);
  });
});
