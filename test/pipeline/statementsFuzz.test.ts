// statements() reads every passage Map sees: generated passage texts (call forms, pointers, titles,
// list markers, dot leaders, huge lines, mixed scripts, lone surrogates) never break it, and what it
// returns is always the passage's own words.
import { describe, expect, it } from 'vitest';
import { statements } from '../../src/pipeline/answer/mapStage.js';
import { seeded } from '../helpers/fuzzConversations.js';

const LINES = [
  'linspace ( start , end , n )',
  '[q, r] = deconv (y, a)',
  'x = f(a, b)',
  'lapply(X, FUN, ...)',
  'f ()',
  '(',
  ')',
  'See also: [tic], page 947, [cputime], page 946.',
  'Zie ook [evenspace], pagina 530.',
  'see',
  'Siehe',
  'The default is 128 megabytes (128MB).',
  'It defaults to 64 megabytes.',
  'shared_buffers (integer)',
  '# A Markdown heading',
  '| Name | Storage Size | Range |',
  '| --- | :---: | ---: |',
  '| bigint | 8 bytes | -9223372036854775808 to +9223372036854775807 |',
  '| a \\| b | | c. |',
  '| lone cell |',
  '||',
  '|',
  '| --- |',
  '----------------------------------------',
  '* * *',
  '* a list item that says something useful.',
  '• another item',
  '- Owner: Alice Jansen',
  '1. We build the prototype in Rust',
  '2) Weekly status calls',
  '12. Maximum Number Of Columns',
  'Password: kiwi-lamp-92',
  'Renewal date: 1 April 2027',
  'Note: the policy renews by itself.',
  'Hi Bob,',
  '(12) I deleted a lot of data but the file did not get any smaller. Is this a bug?',
  'Who pays for the extra sockets?',
  'No.',
  'Default is nocrop.',
  '?',
  ':',
  '- ',
  '1.',
  'linkaxes . . . . . . . . . 499',
  'Return a row vector with n evenly spaced elements',
  'between start and end.',
  '東京 の 説明 です。',
  'مرحبا بالعالم.',
  '🙂🚀 emoji only',
  '\ud800 lone surrogate',
  'e\u0301\u200b\u202e',
  '',
  '   ',
  'x'.repeat(5000),
  `${'word '.repeat(2000)}.`,
  `${'a('.repeat(200)}${')'.repeat(200)}`,
];

function passage(rand: () => number): string {
  const n = 1 + Math.floor(rand() * 12);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(LINES[Math.floor(rand() * LINES.length)]!);
  return out.join(rand() < 0.2 ? '\n\n' : '\n');
}

/** Whitespace-insensitive: a statement rejoins wrapped lines with one space. */
const squeeze = (s: string): string => s.replace(/\s+/g, '');
const withoutMarks = (s: string): string => s.replace(/[*•◦‣▪·–-]|\p{N}{1,3}[.)]/gu, '');

describe('statements on passages it has never seen', () => {
  it('never throws, and returns only the passage\'s own words, no pointer among them', () => {
    const rand = seeded(43);
    for (let i = 0; i < 3000; i++) {
      const text = passage(rand);
      const out = statements(text);
      // A table cell's own "|" is escaped in the passage, said plainly in its row.
      const whole = squeeze(text.replace(/\\\|/g, '|'));
      // A list's item that goes on with the sentence above it is read without its marker: compared
      // so, with every mark a list's item can open with left out of both.
      const unmarked = withoutMarks(whole);
      for (const s of out) {
        expect(typeof s.text).toBe('string');
        expect(s.text.trim().length).toBeGreaterThan(0);
        // Its words are the passage's (a list's marker may be dropped, never anything added); a
        // table's row is its cells, each after its column's name, both of the passage.
        const parts = s.row ? s.text.replace(/\.$/, '').split(/; |: /) : [s.text];
        for (const part of parts) expect(whole.includes(squeeze(part)) || unmarked.includes(withoutMarks(squeeze(part))), JSON.stringify(s.text.slice(0, 80))).toBe(true);
        if (s.heading !== undefined) expect(whole.includes(squeeze(s.heading)), JSON.stringify(s.heading.slice(0, 80))).toBe(true);
        expect(/^(see|zie|siehe)\b/i.test(s.text), JSON.stringify(s.text.slice(0, 80))).toBe(false);
      }
    }
  });
});
