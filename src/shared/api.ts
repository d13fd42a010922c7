import { z } from 'zod';
import { checkAccelerator } from './accelerator.js';
import { wordPattern } from './words.js';

/**
 * The one contract between Docent's UI and its back end. Channels are named `domain:action`; each
 * has a zod schema for its arguments and one for its result. The Electron IPC handlers, the
 * preload bridge, the loopback HTTP server and the renderer's clients are all derived from these
 * maps, and every request is validated against them before anything runs.
 *
 * This module is imported by the renderer too: zod and plain data only, no Node.
 */

/** The longest question or search a person can type, in the fields and in every request (one limit for both). */
export const QUESTION_MAX = 2000;
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'is empty')
    .max(max, `is too long: at most ${max.toLocaleString('en')} characters`);
/** A filesystem path as the user gave it (validated further by the back end against the indexed folders). */
const path = z.string().min(1).max(4096).refine((p) => !p.includes('\0'), 'a path cannot contain a NUL character');
const none = z.object({}).strict();

export const FileStatusSchema = z.enum(['indexed', 'skipped', 'failed']);

export const FolderSchema = z.object({
  path: z.string(),
  files: z.number().int(),
  indexed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  chunks: z.number().int(),
  /** idle: up to date; scanning/reading/embedding: work under way; error: the last run stopped (see message). */
  state: z.enum(['idle', 'scanning', 'reading', 'embedding', 'error']),
  message: z.string().optional(),
});
export type Folder = z.infer<typeof FolderSchema>;

export const IndexStatusSchema = z.object({
  folders: z.array(FolderSchema),
  files: z.number().int(),
  chunks: z.number().int(),
  vectors: z.number().int(),
  pendingVectors: z.number().int(),
  /** What search by meaning uses, or why it is off. */
  embedder: z.string(),
});
export type IndexStatus = z.infer<typeof IndexStatusSchema>;

export const FileEntrySchema = z.object({
  path: z.string(),
  type: z.string(),
  status: FileStatusSchema,
  reason: z.string().nullable(),
  size: z.number().int(),
  modified: z.string(),
});
export type FileEntry = z.infer<typeof FileEntrySchema>;

export const HitSchema = z.object({
  chunkId: z.number().int(),
  path: z.string(),
  page: z.number().int().nullable(),
  snippet: z.string(),
  score: z.number(),
  /** Other files that hold this very passage (an identical copy): listed with it, not as results of their own. */
  alsoIn: z.array(z.string()).optional(),
});
export type Hit = z.infer<typeof HitSchema>;

export const StageSchema = z.object({ stage: z.string(), ms: z.number(), summary: z.string(), detail: z.array(z.string()).optional() });
export type Stage = z.infer<typeof StageSchema>;

export const CitationSchema = z.object({
  path: z.string(),
  page: z.number().int().nullable(),
  quote: z.string(),
  /** The passage's text around the quote, to show it in its context. */
  context: z.object({ before: z.string(), after: z.string() }).optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const RewriteSchema = z.object({
  intent: z.string(),
  search_query: z.string(),
  resolved_query: z.string(),
  keywords: z.array(z.string()),
  ambiguous: z.boolean(),
  alternatives: z.array(z.string()),
  confidence: z.number(),
  language: z.string(),
  rewritten: z.boolean(),
  /** What the rewrite did: "conversational" (drew on the conversation), "clarity", "retrieval" (related terms). */
  kinds: z.array(z.string()),
  engine: z.string(),
  original_query: z.string(),
});

/**
 * The words a rewrite searched beside the question: the conversation's ("Dell XPS Lenovo
 * ThinkPad") and related terms ("guarantee" for "warranty"); what its search text adds after
 * the resolved question, or '' when it adds nothing.
 */
export function addedWords(rewrite: Pick<z.infer<typeof RewriteSchema>, 'search_query' | 'resolved_query'>): string {
  const { search_query: search, resolved_query: resolved } = rewrite;
  return search.startsWith(resolved) ? search.slice(resolved.length).trim() : '';
}

/**
 * The question with each word that no file has replaced by the index's word it is likeliest a
 * slip of ("rebsae my brnach" → "rebase my branch"), as written where it stands alone; undefined
 * where no word has one.
 */
export function withNearestWords(question: string, absent: ReadonlyArray<{ word: string; nearest?: string }> | undefined): string | undefined {
  const slips = (absent ?? []).filter((a) => a.nearest);
  if (!slips.length) return undefined;
  return slips.reduce((q, a) => q.replace(wordPattern(a.word), () => a.nearest!), question);
}

export const AnswerSchema = z.object({
  answer: z.string(),
  confidence: z.number(),
  notFound: z.boolean(),
  citations: z.array(CitationSchema),
  /** The passages the answer was drawn from (the nearest ones for a not-found answer). */
  hits: z.array(HitSchema),
  rewrite: RewriteSchema,
  plan: z.object({ tool: z.string(), reason: z.string(), filters: z.record(z.string(), z.unknown()) }),
  stages: z.array(StageSchema),
  /** What the user should know about how the answer was found (filters dropped, engines used). */
  notes: z.array(z.string()),
  /** A not-found answer's question words that no file has, as typed, each with the index's word it is likeliest a slip of, if any. */
  absent: z.array(z.object({ word: z.string(), nearest: z.string().optional() })).optional(),
  session: z.string(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const SessionSummarySchema = z.object({ id: z.string(), title: z.string(), turns: z.number().int(), updatedAt: z.number() });
export const TurnSchema = z.object({ question: z.string(), answer: z.string(), searchedFor: z.string().nullable(), citations: z.array(CitationSchema) });

/** A model file Docent runs: a GGUF language model, or an ONNX sentence encoder (a folder). */
export const ModelKindSchema = z.enum(['gguf', 'onnx']);

export const ModelSchema = z.object({
  name: z.string(),
  kind: ModelKindSchema,
  size: z.number().int(),
  sha256: z.string().nullable(),
  /** Whether the pipeline uses it now. */
  active: z.boolean(),
});
export type Model = z.infer<typeof ModelSchema>;

export const RecommendedModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: ModelKindSchema,
  size: z.number().int(),
  purpose: z.string(),
  installed: z.boolean(),
});

export const SettingsSchema = z.object({
  /** The launcher's global hotkey, in Electron's accelerator syntax; saved in canonical spelling. */
  hotkey: z
    .string()
    .max(64)
    .transform((s, ctx) => {
      const c = checkAccelerator(s);
      if (c.ok) return c.accelerator;
      ctx.addIssue({ code: 'custom', message: c.error });
      return z.NEVER;
    }),
  ignorePatterns: z.array(z.string().min(1).max(200)).max(200),
  maxFileMB: z.number().positive().max(10_000),
  /** 'use' (built in) or 'onnx:<model folder>' in the models folder (a name, never a path). */
  embedder: z.string().max(200).regex(/^(use|onnx:[^/\\]+)$/, "'use' or 'onnx:' and a folder name in the models folder"),
  /** A .gguf file in the models folder (a name, never a path), 'auto' (the largest there) or 'none'. */
  llm: z.string().max(200).regex(/^(auto|none|[^/\\]+\.gguf)$/i, "'auto', 'none' or the name of a .gguf file in the models folder"),
  rewrite: z.object({
    similarity_threshold: z.number().min(-1).max(1),
    max_relevant_turns: z.number().int().min(1).max(20),
  }),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  hotkey: 'CommandOrControl+Shift+Space',
  ignorePatterns: [],
  maxFileMB: 100,
  embedder: 'use',
  llm: 'auto',
  rewrite: { similarity_threshold: 0.3, max_relevant_turns: 5 },
};

export const channels = {
  'index:addFolder': { args: z.object({ path }).strict(), result: FolderSchema },
  'index:removeFolder': { args: z.object({ path }).strict(), result: z.object({ removed: z.boolean() }) },
  'index:status': { args: none, result: IndexStatusSchema },
  'index:files': {
    args: z
      .object({
        folder: path.optional(),
        /** One status, or several (failed and skipped: the files that need a look). */
        status: z.union([FileStatusSchema, z.array(FileStatusSchema).min(1).max(3)]).optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict(),
    result: z.object({ total: z.number().int(), files: z.array(FileEntrySchema) }),
  },
  'search:query': { args: z.object({ text: text(QUESTION_MAX), k: z.number().int().min(1).max(50).default(10) }).strict(), result: z.object({ hits: z.array(HitSchema), didYouMean: z.string().optional() }) },
  'chat:ask': {
    args: z
      .object({
        question: text(QUESTION_MAX),
        session: z.string().min(1).max(100).optional(),
        /** The user's edit of the "Searched for" chip: searched as it stands, instead of a rewrite. */
        searchFor: text(QUESTION_MAX).optional(),
        /** Names this question's stage events. */
        requestId: z.string().min(1).max(64).optional(),
      })
      .strict(),
    result: AnswerSchema,
  },
  'chat:sessions': { args: none, result: z.object({ sessions: z.array(SessionSummarySchema) }) },
  'chat:session': { args: z.object({ id: z.string().min(1).max(100) }).strict(), result: z.object({ id: z.string(), turns: z.array(TurnSchema) }) },
  'chat:deleteSession': { args: z.object({ id: z.string().min(1).max(100) }).strict(), result: z.object({ deleted: z.boolean() }) },
  'chat:renameSession': { args: z.object({ id: z.string().min(1).max(100), title: z.string().trim().min(1, 'is empty').max(80, 'is too long: at most 80 characters') }).strict(), result: z.object({ renamed: z.boolean() }) },
  'files:open': { args: z.object({ path, page: z.number().int().min(1).optional() }).strict(), result: z.object({ opened: z.boolean(), url: z.string().optional() }) },
  'models:list': { args: none, result: z.object({ installed: z.array(ModelSchema), recommended: z.array(RecommendedModelSchema), folder: z.string() }) },
  /** Copies a model the user has (a .gguf file, or an ONNX encoder folder) into the models folder. */
  'models:add': { args: z.object({ path }).strict(), result: z.object({ name: z.string() }) },
  /** Starts downloading a recommended model (only ever when the user asks); progress comes as models:progress events. */
  'models:download': { args: z.object({ id: z.string().min(1).max(100) }).strict(), result: z.object({ started: z.boolean() }) },
  'models:cancel': { args: z.object({ id: z.string().min(1).max(100) }).strict(), result: z.object({ cancelled: z.boolean() }) },
  'settings:get': { args: none, result: SettingsSchema },
  'settings:set': { args: SettingsSchema.partial().strict(), result: SettingsSchema },
} as const;

export type Channel = keyof typeof channels;
export type ArgsOf<C extends Channel> = z.input<(typeof channels)[C]['args']>;
export type ParsedArgsOf<C extends Channel> = z.output<(typeof channels)[C]['args']>;
export type ResultOf<C extends Channel> = z.output<(typeof channels)[C]['result']>;

export const events = {
  /** Indexing progress of one folder (sent as it changes, at most a few times a second). */
  'index:progress': z.object({
    folder: z.string(),
    state: FolderSchema.shape.state,
    filesDone: z.number().int(),
    filesTotal: z.number().int(),
    chunks: z.number().int(),
    /** Estimated time left, when it can be told. */
    etaMs: z.number().nullable(),
    current: z.string().optional(),
    message: z.string().optional(),
  }),
  /** One file read (or skipped, or failed, with the reason). */
  'index:file': z.object({ folder: z.string(), path: z.string(), status: z.enum(['indexed', 'skipped', 'failed', 'removed']), reason: z.string().optional() }),
  /** A stage of a running question finished. */
  'chat:stage': z.object({ requestId: z.string(), stage: z.string(), ms: z.number(), summary: z.string() }),
  /** A model download's progress; `done` once every file is in place and checked, `error` with what to do. */
  'models:progress': z.object({
    id: z.string(),
    state: z.enum(['downloading', 'done', 'error', 'cancelled']),
    file: z.string(),
    fileIndex: z.number().int(),
    files: z.number().int(),
    received: z.number(),
    total: z.number().nullable(),
    resumedFrom: z.number(),
    message: z.string().optional(),
  }),
  /** The passages of a running question, before its answer is ready. */
  'chat:hits': z.object({ requestId: z.string(), hits: z.array(HitSchema) }),
} as const;

export type EventName = keyof typeof events;
export type EventOf<E extends EventName> = z.output<(typeof events)[E]>;

export const CHANNELS = Object.keys(channels) as Channel[];
export const EVENTS = Object.keys(events) as EventName[];

export const isChannel = (name: unknown): name is Channel => typeof name === 'string' && Object.hasOwn(channels, name);

/** An answer's confidence in words, as every interface shows it (the bar for not-found is 0.4). */
export function confidenceLevel(c: number): 'high' | 'fair' | 'low' | 'very low' {
  return c >= 0.8 ? 'high' : c >= 0.6 ? 'fair' : c >= 0.4 ? 'low' : 'very low';
}

/** What a failed request carries back: what happened and what to do. */
export const ApiErrorSchema = z.object({ error: z.string(), hint: z.string().optional(), code: z.enum(['invalid', 'not_found', 'forbidden', 'failed']) });
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Validates a request for a channel: the parsed arguments, or an ApiError naming what is wrong. */
export function parseArgs<C extends Channel>(channel: C, raw: unknown): { ok: true; args: ParsedArgsOf<C> } | { ok: false; error: ApiError } {
  return parseRequest(channels[channel].args, channel, raw) as { ok: true; args: ParsedArgsOf<C> } | { ok: false; error: ApiError };
}

/** Fields a person types, as the messages about them name them. */
const TYPED_FIELDS: Record<string, string> = { text: 'the search', question: 'the question', searchFor: 'what to search for' };

/** Validates a request's arguments against a schema (the API's channels, or the desktop's). */
export function parseRequest(schema: z.ZodType, channel: string, raw: unknown): { ok: true; args: unknown } | { ok: false; error: ApiError } {
  const r = schema.safeParse(raw ?? {});
  if (r.success) return { ok: true, args: r.data };
  const issue = r.error.issues[0];
  // What a person typed (a question, a search) is named as they know it, with what to do.
  const typed = issue && issue.path.length === 1 ? TYPED_FIELDS[String(issue.path[0])] : undefined;
  if (typed && /^is (empty|too long)/.test(issue!.message)) {
    return { ok: false, error: { error: `${typed} ${issue!.message}`, hint: /^is empty/.test(issue!.message) ? 'Type something to search for.' : 'Shorten it, or ask about one thing at a time.', code: 'invalid' } };
  }
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: { error: `invalid request to ${channel}: ${where}${issue?.message ?? 'invalid'}`, code: 'invalid' } };
}

/** The API as the renderer calls it, whether over Electron IPC or loopback HTTP. */
export interface DocentApi {
  call<C extends Channel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void;
}
