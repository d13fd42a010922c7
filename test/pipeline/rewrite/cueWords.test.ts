// The cue words of cueWords.json, read by the engine as its tables say, in each language they have.
import { describe, expect, it } from 'vitest';
import CUES from '../../../src/pipeline/rewrite/lexical/cueWords.json' with { type: 'json' };
import { namedFile } from '../../../src/pipeline/rewrite/lexical/files.js';
import { queryCues } from '../../../src/pipeline/rewrite/lexical/queryCues.js';

describe('cue words', () => {
  it('reads every ellipsis opening and every referring word of the dependence cues', () => {
    for (const opening of Object.values(CUES.dependence.ellipsisOpenings).flat()) expect(queryCues(`${opening} the price?`).ellipsis, opening).toBe(true);
    for (const word of Object.values(CUES.dependence.referring).flat()) expect(queryCues(`how much is ${word} worth?`).referring, word).toBe(true);
    // An opening inside a word is none ("android", "others" is, "otherwise" is not).
    expect(queryCues('android phones?').ellipsis).toBe(false);
    expect(queryCues('otherwise what?').ellipsis).toBe(false);
  });

  it('reads every verb of saying as pointing at the file the answer named', () => {
    const reply = 'Yes, rust-notes.md explains ownership.';
    for (const verb of CUES.textPointers.en.saysAfter) expect(namedFile(`what does it ${verb} about lifetimes?`, reply, 'en')?.resolved, verb).toBe(`what does rust-notes.md ${verb} about lifetimes?`);
    for (const verb of CUES.textPointers.nl.saysBefore) expect(namedFile(`wat ${verb} het over de prijs?`, reply, 'nl')?.resolved, verb).toBe(`wat ${verb} rust-notes.md over de prijs?`);
    for (const noun of CUES.textPointers.en.documentNouns) expect(namedFile(`who wrote that ${noun}?`, reply, 'en')?.resolved, noun).toBe('who wrote rust-notes.md?');
    for (const participle of CUES.textPointers.nl.participlesLater) expect(namedFile(`wanneer heb ik het ${participle}?`, reply, 'nl')?.resolved, participle).toBe(`wanneer heb ik rust-notes.md ${participle}?`);
    expect(namedFile('when was it last modified?', reply, 'en')?.resolved).toBe('when was rust-notes.md last modified?');
    // A word that only begins like a verb is none ("listen").
    expect(namedFile('does it listen on a port?', reply, 'en')).toBeUndefined();
  });
});
