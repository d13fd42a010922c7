/**
 * The real-documents evaluation set: questions, conversations and unanswerable questions over
 * Debian documentation packages (see docsSet.json and scripts/install-docs.sh), the corpus
 * assembled from the installed packages, and a check that every relevant page holds its fact.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { docTypeOf, extract } from '../../pipeline/index/extractors/extract.js';
import { DocentError } from '../../shared/errors.js';

const Relevant = z.object({ file: z.string().min(1), page: z.number().int().positive().optional() }).strict();
const Answerable = z.object({ id: z.string().min(1), question: z.string().min(1), relevant: z.array(Relevant).min(1), facts: z.array(z.string().min(1)).min(1) }).strict();
const Conversation = z.object({ id: z.string().min(1), language: z.string().min(2), turns: z.array(Answerable).min(2) }).strict();
const Unanswerable = z.object({ id: z.string().min(1), question: z.string().min(1) }).strict();
const Source = z.object({ dir: z.string().min(1), package: z.string().min(1), from: z.string().min(1), ext: z.string().optional(), files: z.array(z.string()).optional() }).strict();

const HeldOut = z
  .object({
    about: z.string(),
    questions: z.array(Answerable),
    conversations: z.array(Conversation),
    unanswerable: z.array(Unanswerable),
  })
  .strict();

export const DocsSetSchema = z
  .object({
    about: z.string(),
    corpus: z.array(Source).min(1),
    slice: z.object({ about: z.string(), dirs: z.array(z.string()), files: z.array(z.string()) }).strict(),
    questions: z.array(Answerable),
    unanswerable: z.array(Unanswerable),
    conversations: z.array(Conversation),
    /** Questions of the set asked in another language than the files' (scored as the item they translate). */
    translated: z.array(z.object({ of: z.string().min(1), language: z.string().min(2), question: z.string().min(1) }).strict()).default([]),
    /**
     * Items on manuals added to the corpus after the method was fixed, written without changing it
     * for them: a figure of how it does on documents it was never tuned on. Apart from the set's
     * totals, and never trained on.
     */
    heldOut: HeldOut.optional(),
    /** Held-out parts on manuals added later still, each written after the method was fixed and counted apart by its name. */
    heldOutLater: z.array(HeldOut.extend({ name: z.string().min(1) }).strict()).default([]),
  })
  .strict();

export type DocsSet = z.infer<typeof DocsSetSchema>;
export type AnswerableItem = z.infer<typeof Answerable>;
export type RelevantPage = z.infer<typeof Relevant>;

export const DOCS_SET_PATH = join(dirname(fileURLToPath(import.meta.url)), 'docsSet.json');

export function loadDocsSet(path = DOCS_SET_PATH): DocsSet {
  const set = DocsSetSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const unknown = set.translated.filter((t) => !set.questions.some((q) => q.id === t.of) && !set.unanswerable.some((u) => u.id === t.of));
  if (unknown.length) throw new DocentError(`the evaluation set translates questions it does not have: ${unknown.map((t) => t.of).join(', ')}`, `Fix the "of" fields of ${path}.`);
  return set;
}

/** Every answerable item with pages to check: the questions and conversation turns, the held-out part's too. */
export function answerableItems(set: DocsSet): AnswerableItem[] {
  const parts = [set, ...(set.heldOut ? [set.heldOut] : []), ...set.heldOutLater];
  return parts.flatMap((p) => [...p.questions, ...p.conversations.flatMap((c) => c.turns)]);
}

/** The set's translations of its answerable questions, each as the item it asks: the original's pages and facts, its own wording. */
export function translatedAnswerable(set: DocsSet): AnswerableItem[] {
  return set.translated.flatMap((t) => {
    const of = set.questions.find((q) => q.id === t.of);
    return of ? [{ ...of, id: `${of.id}.${t.language}`, question: t.question }] : [];
  });
}

/** The set's translations of its unanswerable questions, as unanswerable questions of their own. */
export function translatedUnanswerable(set: DocsSet): DocsSet['unanswerable'] {
  return set.translated.filter((t) => set.unanswerable.some((u) => u.id === t.of)).map((t) => ({ id: `${t.of}.${t.language}`, question: t.question }));
}

/** Letters and digits, case folded: how a fact is looked for in an answer or a page. */
export const factForm = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** True when any of the facts appears in the text. */
export const containsFact = (text: string, facts: readonly string[]): boolean => {
  const t = factForm(text);
  return facts.some((f) => t.includes(factForm(f)));
};

/** The corpus files a source contributes, as paths relative to the corpus folder. */
function sourceFiles(source: DocsSet['corpus'][number]): Array<{ from: string; rel: string }> {
  if (!existsSync(source.from)) {
    throw new DocentError(`the documentation package ${source.package} is not installed (${source.from} is missing)`, 'Install the evaluation documents: bash scripts/install-docs.sh');
  }
  const names = source.files ?? readdirSync(source.from).filter((n) => !source.ext || n.endsWith(source.ext));
  return names.map((n) => ({ from: join(source.from, n), rel: join(source.dir, n) }));
}

/**
 * Copies the corpus (or the slice of it) into `dest`, leaving files that are already there and
 * the same size: a run after the first copies nothing and the index sees nothing changed.
 */
export function assembleCorpus(set: DocsSet, dest: string, slice = false): string[] {
  const wanted = (rel: string): boolean => !slice || set.slice.files.includes(rel) || set.slice.dirs.some((d) => rel.startsWith(`${d}/`));
  // A package the slice reads nothing of need not be installed (the slice's script installs only its own).
  const needed = (source: DocsSet['corpus'][number]): boolean =>
    !slice || (source.files ? source.files.some((n) => wanted(join(source.dir, n))) : set.slice.dirs.includes(source.dir) || set.slice.files.some((f) => f.startsWith(`${source.dir}/`)));
  const files = set.corpus.filter(needed).flatMap(sourceFiles).filter((f) => wanted(f.rel));
  for (const f of files) {
    const to = join(dest, f.rel);
    if (existsSync(to) && statSync(to).size === statSync(f.from).size) continue;
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(f.from, to);
  }
  return files.map((f) => f.rel);
}

/** The items of the set whose relevant files all lie in `files` (a slice of the corpus). */
export function itemsWithin(set: DocsSet, files: readonly string[]): DocsSet {
  const have = new Set(files);
  const inside = (i: AnswerableItem): boolean => i.relevant.every((r) => have.has(r.file));
  const questions = set.questions.filter(inside);
  const within = <P extends Pick<DocsSet, 'questions' | 'conversations'>>(part: P): P => ({ ...part, questions: part.questions.filter(inside), conversations: part.conversations.filter((c) => c.turns.every(inside)) });
  const heldOut = set.heldOut && within(set.heldOut);
  return { ...set, questions, conversations: set.conversations.filter((c) => c.turns.every(inside)), translated: set.translated.filter((t) => questions.some((q) => q.id === t.of)), ...(heldOut ? { heldOut } : {}), heldOutLater: set.heldOutLater.map(within) };
}

/**
 * Every relevant page, extracted as Docent extracts it, must hold one of its item's facts.
 * Returns the problems found ("id: file p.N does not contain …"), none when the set is sound.
 */
export async function verifySet(set: DocsSet, corpusDir: string): Promise<string[]> {
  const pagesOf = new Map<string, Map<number | null, string>>();
  const problems: string[] = [];
  for (const item of answerableItems(set)) {
    for (const r of item.relevant) {
      let pages = pagesOf.get(r.file);
      if (!pages) {
        const path = join(corpusDir, r.file);
        if (!existsSync(path)) {
          problems.push(`${item.id}: ${r.file} is not in the corpus`);
          continue;
        }
        const doc = await extract(readFileSync(path), docTypeOf(path)!);
        pages = new Map(doc.pages.map((p) => [p.page, p.text]));
        pagesOf.set(r.file, pages);
      }
      const text = pages.get(r.page ?? null);
      if (text === undefined) problems.push(`${item.id}: ${r.file} has no page ${r.page ?? '(whole file)'}`);
      else if (!containsFact(text, item.facts)) problems.push(`${item.id}: ${r.file}${r.page ? ` p.${r.page}` : ''} does not contain ${item.facts.map((f) => `"${f}"`).join(' or ')}`);
    }
  }
  return problems;
}
