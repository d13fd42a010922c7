import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A deterministic pseudo-random source (mulberry32, 32-bit integer arithmetic), so every run sees the same corpus. */
export class Rng {
  constructor(private x: number) {}
  next(): number {
    this.x = (this.x + 0x6d2b79f5) | 0;
    let t = Math.imul(this.x ^ (this.x >>> 15), 1 | this.x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

const SYLLABLES = 'ka lo mi ne ru sa te vo di pa ge bu ro li na ve to si mu fa'.split(' ');
const COMMON = 'the a of and to in is for on with that as by this from at are be it an or was which'.split(' ');

/** A vocabulary of made-up words with a Zipf-like frequency, plus common English function words. */
export function vocabulary(size: number, rng: Rng): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + rng.int(3);
    words.add(Array.from({ length: n }, () => SYLLABLES[rng.int(SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** A rank in [0, size) drawn with probability ∝ 1/(rank + 50): log-uniform over ranks 50..size+50. */
function zipfRank(size: number, rng: Rng): number {
  return Math.min(size - 1, Math.floor(50 * ((size + 50) / 50) ** rng.next()) - 50);
}

export function sentence(vocab: string[], rng: Rng): string {
  const len = 8 + rng.int(14);
  const words: string[] = [];
  for (let i = 0; i < len; i++) {
    // Content words follow Zipf's law (frequency ∝ 1/rank) from rank 50 on, as English content
    // words do once the commonest words (kept apart in COMMON, and dropped from queries) are set aside.
    words.push(rng.next() < 0.35 ? COMMON[rng.int(COMMON.length)]! : vocab[zipfRank(vocab.length, rng)]!);
  }
  const s = words.join(' ');
  return s[0]!.toUpperCase() + s.slice(1) + '.';
}

export function paragraph(vocab: string[], rng: Rng): string {
  return Array.from({ length: 2 + rng.int(5) }, () => sentence(vocab, rng)).join(' ');
}

/**
 * Writes `files` text documents (Markdown, text, HTML) of one to six paragraphs into nested
 * folders. Reused when the same corpus was already written.
 */
export function writeCorpus(dir: string, files: number, seed = 42): void {
  const marker = join(dir, `.complete-v2-${files}-${seed}`);
  if (existsSync(marker)) return;
  rmSync(dir, { recursive: true, force: true });
  const rng = new Rng(seed);
  const vocab = vocabulary(8000, rng);
  for (let i = 0; i < files; i++) {
    const folder = join(dir, `d${Math.floor(i / 500)}`, `s${Math.floor(i / 50) % 10}`);
    mkdirSync(folder, { recursive: true });
    const paras = Array.from({ length: 1 + rng.int(6) }, () => paragraph(vocab, rng));
    const kind = i % 20;
    if (kind === 0) {
      writeFileSync(join(folder, `page-${i}.html`), `<html><head><title>Page ${i}</title></head><body>${paras.map((p) => `<p>${p}</p>`).join('')}</body></html>`);
    } else if (kind < 8) {
      writeFileSync(join(folder, `note-${i}.txt`), paras.join('\n\n') + '\n');
    } else {
      writeFileSync(join(folder, `doc-${i}.md`), `# Document ${i}\n\n${paras.join('\n\n')}\n`);
    }
  }
  writeFileSync(marker, '');
}
