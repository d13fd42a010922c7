import { closeSync, existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, isAbsolute, join, sep } from 'node:path';
import { ask } from '../pipeline/answer/ask.js';
import { openLocalModels, type LocalModels } from '../pipeline/answer/localModels.js';
import { SessionStore } from '../pipeline/answer/sessions.js';
import { FolderWatcher } from '../pipeline/index/folderWatcher.js';
import { FolderProgress } from '../pipeline/index/folderProgress.js';
import { Indexer, type IndexEvent } from '../pipeline/index/indexer.js';
import type { Embedder } from '../pipeline/models/embedder.js';
import { EmbedderPool } from '../pipeline/models/embedderPool.js';
import { chooseEmbedderSpec } from '../pipeline/models/embedderSpec.js';
import { findLlmModel } from '../pipeline/rewrite/llm/findModel.js';
import { DEFAULT_REWRITE_OPTIONS } from '../pipeline/rewrite/types.js';
import { compileRegExpsAtFirstUse, WARM_UP_PASSAGES, WARM_UP_ROUNDS, warmUpRewrite } from './rewriteWarmUp.js';
import { TermStats } from '../pipeline/search/termStats.js';
import { didYouMean } from '../pipeline/search/didYouMean.js';
import { hybridSearch, type SearchHit } from '../pipeline/search/hybridSearch.js';
import { IndexStore, type FileRow } from '../pipeline/store/indexStore.js';
import { fsReason } from '../pipeline/index/crawler.js';
import { openIndexedFile, RefusedFile } from './safeOpen.js';
import { explainStoreError } from '../pipeline/store/storeErrors.js';
import { acquireRunLock, type RunLock } from '../pipeline/store/runLock.js';
import {
  DEFAULT_SETTINGS,
  isChannel,
  parseArgs,
  SettingsSchema,
  type ApiError,
  type Channel,
  type EventName,
  type EventOf,
  type Folder,
  type Hit,
  type ParsedArgsOf,
  type ResultOf,
  type Settings,
} from '../shared/api.js';
import { DocentError } from '../shared/errors.js';
import { capitalise } from '../shared/words.js';
import { readJsonFile, writeJsonFile } from '../shared/jsonFile.js';
import { listModels } from './models.js';
import { addModel, downloadModel, recommendedModel } from './modelInstall.js';

export interface BackendOptions {
  dbPath: string;
  settingsPath: string;
  modelsDir: string;
  /** Opens an indexed file in the system's viewer (Electron's shell). Without it, files:open answers with a URL. */
  openFile?: (path: string, page?: number) => Promise<boolean>;
  /** The URL the loopback server serves an indexed file at. */
  fileUrl?: (fileId: number, name: string, page?: number) => string;
  /** Search by meaning (an encoder in worker threads); false: keywords only (faster start, for tests of other parts). */
  vectors?: boolean;
  /** Keep folders current by watching them (default true). */
  watch?: boolean;
}

export type HandleResult<C extends Channel = Channel> = { ok: true; result: ResultOf<C> } | { ok: false; error: ApiError };

/** A request refused because it reaches outside the indexed folders. */
export class ForbiddenError extends DocentError {}
/** A request for something that is not there (any more). */
export class NotFoundError extends DocentError {}
/** The encoder that makes the meaning vectors, as a person reads it (never its internal id). */
export function encoderInWords(id: string | undefined): string {
  if (!id) return 'search by meaning starts with the first folder';
  if (id.startsWith('onnx:')) return `search by meaning with ${id.slice(5)}`;
  return 'search by meaning with the built-in sentence encoder';
}

/** A request the user can put right (a folder path that names no folder): answered 400, with what to do. */
export class UserInputError extends DocentError {}

/**
 * The folder a person typed, checked: `~` is their home folder, the path must be whole
 * (absolute) and name a folder Docent may read. Each mistake is a UserInputError that says which.
 */
export function typedFolder(typed: string, home = homedir()): string {
  const t = typed.trim();
  if (!t) throw new UserInputError('no folder was given', 'Type the path of a folder, or drop one here in the desktop app.');
  const expanded = t === '~' ? home : /^~[/\\]/.test(t) ? join(home, t.slice(2)) : t;
  if (!isAbsolute(expanded)) throw new UserInputError(`"${t}" is not a full path`, `Give the folder's whole path, starting from ${home.startsWith('/') ? '/ or ~' : 'a drive letter or ~'}.`);
  let stat;
  try {
    stat = statSync(expanded);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UserInputError(`there is no folder at ${expanded}`, 'Check the spelling of the path.');
    if (code === 'EACCES' || code === 'EPERM') throw new UserInputError(`Docent may not read ${expanded}`, 'Give your user account permission to read it, or choose another folder.');
    throw err;
  }
  if (!stat.isDirectory()) throw new UserInputError(`${expanded} is a file, not a folder`, 'Add the folder that holds it.');
  return expanded;
}

/** The shortest time between two progress events of a folder. */
const PROGRESS_EVERY_MS = 150;

/** At most this many of one file's passages in the launcher's results. */
export const LAUNCHER_PASSAGES_PER_FILE = 2;

const toHit = (h: SearchHit): Hit => ({ chunkId: h.chunkId, path: h.path, page: h.page, snippet: h.snippet, score: h.score, ...(h.alsoIn?.length ? { alsoIn: h.alsoIn } : {}) });

/**
 * Docent's back end: the API of `src/shared/api.ts` over one index. The Electron main process
 * (through a utility process) and the loopback HTTP server both serve it; every request is
 * validated here before anything runs. Indexing runs one folder at a time in the background,
 * reporting progress as events, and watched folders stay current.
 */
export class Backend {
  readonly store: IndexStore;
  private settings: Settings;
  private readonly listeners = new Set<(name: EventName, payload: unknown) => void>();
  private readonly progress = new Map<string, FolderProgress>();
  private readonly watchers = new Map<string, FolderWatcher>();
  private jobs: Promise<void> = Promise.resolve();
  private embedder?: Promise<Embedder | undefined>;
  private embedderNote = '';
  private models?: LocalModels;
  private readonly downloads = new Map<string, AbortController>();
  private closed = false;

  private constructor(private readonly options: BackendOptions) {
    this.store = IndexStore.open(options.dbPath);
    this.settings = readSettings(options.settingsPath);
  }

  static async open(options: BackendOptions): Promise<Backend> {
    const b = new Backend(options);
    // Folders indexed before: brought up to date (files changed while Docent was closed), then watched.
    for (const root of b.store.roots()) b.enqueue(root.path);
    // The Rewrite engine's code compiled before the first question, off the request path.
    compileRegExpsAtFirstUse();
    // Passages of the user's own documents too, as replies (none yet on a first start).
    const passages = b.store.spreadPassages(WARM_UP_PASSAGES, DEFAULT_REWRITE_OPTIONS.message_char_limit);
    void warmUpRewrite(WARM_UP_ROUNDS, new TermStats(b.store), () => b.closed, passages).catch(() => undefined);
    return b;
  }

  /** Where the loopback server serves indexed files (set by it when it starts). */
  serveFilesAt(fileUrl: (fileId: number, name: string, page?: number) => string): void {
    this.options.fileUrl = fileUrl;
  }

  /** Subscribes to events; returns the unsubscribe. */
  on(listener: (name: EventName, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit<E extends EventName>(name: E, payload: EventOf<E>): void {
    for (const l of this.listeners) l(name, payload);
  }

  /** Validates and runs one request. Never throws: failures come back as an ApiError. */
  async handle(channel: string, raw: unknown): Promise<HandleResult> {
    if (!isChannel(channel)) return { ok: false, error: { error: `unknown request "${String(channel).slice(0, 60)}"`, code: 'not_found' } };
    const parsed = parseArgs(channel, raw);
    if (!parsed.ok) return parsed;
    try {
      const handler = this.handlers[channel] as (args: unknown) => Promise<ResultOf<Channel>>;
      return { ok: true, result: await handler(parsed.args) };
    } catch (caught) {
      const err = explainStoreError(caught, this.options.dbPath) ?? caught;
      const e = err as Error;
      const code = err instanceof ForbiddenError ? 'forbidden' : err instanceof NotFoundError ? 'not_found' : err instanceof UserInputError ? 'invalid' : 'failed';
      return { ok: false, error: { error: e.message, ...(err instanceof DocentError && err.hint ? { hint: err.hint } : {}), code } };
    }
  }

  private readonly handlers: { [C in Channel]: (args: ParsedArgsOf<C>) => Promise<ResultOf<C>> } = {
    'index:addFolder': async ({ path }) => {
      const root = Indexer.resolveRoot(typedFolder(path));
      const inside = this.store.roots().find((r) => root === r.path || root.startsWith(r.path + sep));
      if (inside) throw new UserInputError(`${root} is already indexed${inside.path !== root ? ` (inside ${inside.path})` : ''}`, 'It is kept current automatically.');
      this.store.addRoot(root);
      this.enqueue(root);
      return this.folder(root);
    },
    'index:removeFolder': async ({ path }) => {
      const root = this.store.roots().find((r) => r.path === path);
      if (!root) return { removed: false };
      await this.watchers.get(root.path)?.close();
      this.watchers.delete(root.path);
      this.progress.delete(root.path);
      this.store.removeRoot(root.id);
      return { removed: true };
    },
    'index:status': async () => {
      const c = this.store.counts();
      return {
        folders: this.store.roots().map((r) => this.folder(r.path)),
        files: c.files.indexed + c.files.skipped + c.files.failed,
        chunks: c.chunks,
        vectors: c.vectors,
        pendingVectors: c.pendingVectors,
        embedder: this.options.vectors === false ? 'keywords only' : this.embedderNote || encoderInWords(this.store.embedderInfo()?.id),
      };
    },
    'index:files': async ({ folder, status, offset, limit }) => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (folder) {
        const root = this.store.rootByPath(folder);
        if (!root) throw new DocentError(`${folder} is not an indexed folder`);
        where.push('root_id = ?');
        params.push(root.id);
      }
      if (status) {
        const statuses = Array.isArray(status) ? status : [status];
        where.push(`status IN (${statuses.map(() => '?').join(', ')})`);
        params.push(...statuses);
      }
      const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (this.store.db.prepare(`SELECT COUNT(*) AS n FROM files ${w}`).get(...params) as { n: number }).n;
      const rows = this.store.db
        .prepare(`SELECT path, type, status, reason, size, mtime_ms FROM files ${w} ORDER BY status != 'failed', status != 'skipped', path LIMIT ? OFFSET ?`)
        .all(...params, limit, offset) as Array<{ path: string; type: string; status: 'indexed' | 'skipped' | 'failed'; reason: string | null; size: number; mtime_ms: number }>;
      return { total, files: rows.map((r) => ({ path: r.path, type: r.type, status: r.status, reason: r.reason, size: r.size, modified: new Date(r.mtime_ms).toISOString() })) };
    },
    'search:query': async ({ text, k }) => {
      // The launcher lists places to open: a long file's every passage would crowd out the rest.
      const { hits } = await hybridSearch(this.store, text, { k, embedder: await this.queryEmbedder(), maxPerFile: LAUNCHER_PASSAGES_PER_FILE });
      // A word no file has, with the word of the files it is likeliest a slip of: "Did you mean …?"
      const suggested = didYouMean(text, TermStats.of(this.store));
      return { hits: hits.map(toHit), ...(suggested ? { didYouMean: suggested } : {}) };
    },
    'chat:ask': async ({ question, session, searchFor, requestId }) => {
      const id = requestId ?? 'ask';
      const models = this.llmModels();
      // The model where it is worth waiting for on this machine (its speed measured once); where
      // it cannot be loaded, its stages say why and fall back.
      const use = models ? await models.use().catch(() => undefined) : undefined;
      const r = await ask(this.store, question, {
        session,
        searchFor,
        embedder: await this.queryEmbedder(),
        ...(use ? use.askOptions : models?.askOptions),
        ...(use?.note ? { note: `${capitalise(use.note)}.` } : {}),
        rewriteOptions: this.settings.rewrite,
        onStage: (s) => this.emit('chat:stage', { requestId: id, stage: s.stage, ms: s.ms, summary: s.summary }),
        onHits: (h) => this.emit('chat:hits', { requestId: id, hits: h.map(toHit) }),
      });
      return {
        answer: r.answer,
        confidence: r.confidence,
        notFound: r.notFound,
        citations: r.citations,
        // Listed at once as searched (chat:hits), then as ranked with what Map read in them.
        hits: r.passages.map(toHit),
        rewrite: r.rewrite,
        plan: { tool: r.plan.tool, reason: r.plan.reason, filters: { ...r.plan.filters } },
        stages: r.stages,
        notes: r.notes,
        absent: r.absent,
        session: r.session,
      };
    },
    'chat:sessions': async () => ({ sessions: new SessionStore(this.store).list() }),
    'chat:session': async ({ id }) => {
      const sessions = new SessionStore(this.store);
      if (!sessions.exists(id)) throw new DocentError(`no conversation "${id}"`, 'It may have been deleted.');
      return {
        id,
        turns: sessions.turns(id).map((t) => ({ question: t.question, answer: t.answer, searchedFor: t.rewrite?.search_query ?? null, citations: t.citations ?? [] })),
      };
    },
    'chat:deleteSession': async ({ id }) => ({ deleted: new SessionStore(this.store).delete(id) }),
    'chat:renameSession': async ({ id, title }) => ({ renamed: new SessionStore(this.store).rename(id, title) }),
    'files:open': async ({ path, page }) => {
      const file = this.indexedFile(path);
      if (this.options.openFile) return { opened: await this.options.openFile(file.path, page) };
      return { opened: false, url: this.options.fileUrl?.(file.id, basename(file.path), page) };
    },
    'models:list': async () => ({ ...listModels(this.options.modelsDir, this.activeModels()), folder: this.options.modelsDir }),
    'models:add': async ({ path }) => {
      const name = addModel(this.options.modelsDir, path);
      if (this.settings.llm === 'auto') await this.dropModels(); // 'auto' takes the largest: perhaps this one
      return { name };
    },
    'models:download': async ({ id }) => {
      const model = recommendedModel(id);
      if (this.downloads.has(id)) return { started: false };
      const abort = new AbortController();
      this.downloads.set(id, abort);
      const last = { file: model.files[0]?.path ?? model.fileName, fileIndex: 0, files: model.files.length, received: 0, total: null as number | null, resumedFrom: 0 };
      let sentAt = 0;
      const send = (state: EventOf<'models:progress'>['state'], message?: string): void => this.emit('models:progress', { id, state, ...last, ...(message ? { message } : {}) });
      send('downloading');
      void downloadModel(
        this.options.modelsDir,
        id,
        (p) => {
          Object.assign(last, { file: p.file, fileIndex: p.fileIndex, files: p.files, received: p.received, total: p.total, resumedFrom: p.resumedFrom });
          if (Date.now() - sentAt > 200) {
            sentAt = Date.now();
            send('downloading');
          }
        },
        abort.signal,
      ).then(
        async () => {
          this.downloads.delete(id);
          if (model.kind === 'gguf' && this.settings.llm === 'auto') await this.dropModels();
          send('done');
        },
        (err: Error) => {
          this.downloads.delete(id);
          if (abort.signal.aborted) return send('cancelled', 'Stopped. Downloading again resumes where it stopped.');
          send('error', `${err.message}${err instanceof DocentError && err.hint ? ` ${err.hint}` : ''}`);
        },
      );
      return { started: true };
    },
    'models:cancel': async ({ id }) => {
      const abort = this.downloads.get(id);
      abort?.abort();
      return { cancelled: !!abort };
    },
    'settings:get': async () => this.settings,
    'settings:set': async (patch) => {
      const next = SettingsSchema.parse({ ...this.settings, ...patch, rewrite: { ...this.settings.rewrite, ...patch.rewrite } });
      const llmChanged = next.llm !== this.settings.llm;
      writeSettings(this.options.settingsPath, next);
      this.settings = next;
      if (llmChanged) await this.dropModels();
      return next;
    },
  };

  /**
   * An indexed file by path, refused unless it is in the index and under a folder that is still
   * indexed: nothing else on the machine can be reached through the API.
   */
  indexedFile(path: string): { id: number; path: string; type: string } {
    const { file, fd } = this.openChecked(this.store.fileByPath(path), path);
    closeSync(fd);
    return file;
  }

  /**
   * An indexed file opened for the loopback server's file route, with the checks of indexedFile;
   * undefined for an id that names no file that is there. Throws ForbiddenError for one it must refuse.
   */
  openFileById(id: number): { path: string; fd: number; size: number } | undefined {
    const row = this.store.fileById(id);
    if (!row) return undefined;
    try {
      const { file, fd, size } = this.openChecked(row, row.path);
      return { path: file.path, fd, size };
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
  }

  /**
   * The checks of indexing, made again at the moment of opening, and the file opened once: in the
   * index, indexed (not skipped), under a folder still indexed, no link on its way out of it.
   */
  private openChecked<F extends FileRow>(file: F | undefined, path: string): { file: F; fd: number; size: number } {
    const roots = this.store.roots();
    if (!file || !roots.some((r) => r.id === file.root_id && file.path.startsWith(r.path + sep))) {
      throw new ForbiddenError(`${path} is not a file in the indexed folders`, 'Only files Docent has indexed can be opened.');
    }
    if (file.status !== 'indexed') {
      throw new ForbiddenError(`${path} was not indexed (${file.reason ?? file.status})`, 'Only files Docent has indexed can be opened.');
    }
    try {
      return { file, ...openIndexedFile(file.path, roots.map((r) => r.path)) };
    } catch (err) {
      if (err instanceof RefusedFile) throw new ForbiddenError(`${path} cannot be opened: ${err.message}`, 'Index the folder again to pick up the change.');
      throw new NotFoundError(`${path} is gone or cannot be read (${fsReason(err)})`, 'Index the folder again to pick up the change.');
    }
  }

  private folder(path: string): Folder {
    const root = this.store.rootByPath(path);
    const counts = root
      ? (this.store.db.prepare('SELECT status, COUNT(*) AS n FROM files WHERE root_id = ? GROUP BY status').all(root.id) as Array<{ status: string; n: number }>)
      : [];
    const n = (s: string): number => counts.find((c) => c.status === s)?.n ?? 0;
    const chunks = root
      ? (this.store.db.prepare('SELECT COUNT(*) AS n FROM chunks JOIN files ON files.id = chunks.file_id WHERE files.root_id = ?').get(root.id) as { n: number }).n
      : 0;
    const p = this.progress.get(path);
    return {
      path,
      files: n('indexed') + n('skipped') + n('failed'),
      indexed: n('indexed'),
      skipped: n('skipped'),
      failed: n('failed'),
      chunks,
      state: p?.state ?? 'idle',
      ...(p?.message ? { message: p.message } : {}),
    };
  }

  /** Indexing jobs run one at a time, in order. */
  private enqueue(root: string): void {
    this.progress.set(root, new FolderProgress());
    this.sendProgress(root, true);
    this.jobs = this.jobs.then(() => this.indexFolder(root)).catch(() => undefined);
  }

  /** Settles when the indexing queued so far is done (tests, and closing). */
  idle(): Promise<void> {
    return this.jobs;
  }

  private lastSent = new Map<string, number>();
  private pendingSend = new Map<string, NodeJS.Timeout>();
  /**
   * At most one progress event per folder every PROGRESS_EVERY_MS, and the last change always
   * sent (trailing): a long file's name reaches the view while it is being read, not after it.
   */
  private sendProgress(root: string, force = false): void {
    const p = this.progress.get(root);
    if (!p) return;
    const wait = PROGRESS_EVERY_MS - (Date.now() - (this.lastSent.get(root) ?? 0));
    if (!force && wait > 0) {
      if (!this.pendingSend.has(root)) this.pendingSend.set(root, setTimeout(() => this.sendProgress(root, true), wait).unref());
      return;
    }
    clearTimeout(this.pendingSend.get(root));
    this.pendingSend.delete(root);
    this.lastSent.set(root, Date.now());
    this.emit('index:progress', { folder: root, ...p.snapshot() });
  }

  private async indexFolder(root: string): Promise<void> {
    if (this.closed || !this.store.rootByPath(root)) return;
    const p = this.progress.get(root)!;
    const onEvent = (e: IndexEvent): void => {
      const phase = p.apply(e);
      if (e.kind === 'file' && e.outcome !== 'unchanged') {
        const status = e.outcome === 'skipped' || e.outcome === 'failed' || e.outcome === 'removed' ? e.outcome : 'indexed';
        this.emit('index:file', { folder: e.root, path: e.path, status, ...(e.reason ? { reason: e.reason } : {}) });
      }
      if (e.kind !== 'warning') this.sendProgress(root, phase);
    };
    const indexer = new Indexer(this.store, { maxFileBytes: Math.round(this.settings.maxFileMB * 2 ** 20), extraIgnore: this.settings.ignorePatterns }, onEvent);
    let lock: RunLock | undefined;
    try {
      // One indexing job at a time on the index, the CLI's included: wait for one that is running.
      lock = await acquireRunLock(this.options.dbPath, `indexing ${root}`, {
        onWait: (h) => {
          p.message = `waiting: indexing is running in another Docent (pid ${h.pid})`;
          this.sendProgress(root, true);
        },
      });
      p.message = undefined;
      await indexer.indexRoot(root);
      const embedder = await this.indexEmbedder();
      if (embedder) {
        p.state = 'embedding';
        await indexer.embedPending(embedder);
      }
      p.finish();
    } catch (caught) {
      const err = explainStoreError(caught, this.options.dbPath) ?? caught;
      p.finish(`${(err as Error).message}${err instanceof DocentError && err.hint ? ` ${err.hint}` : ''}`);
    } finally {
      lock?.release();
    }
    this.sendProgress(root, true);
    if (p.state === 'idle' && this.options.watch !== false && !this.watchers.has(root) && !this.closed) this.watchFolder(root, indexer);
  }

  private watchFolder(root: string, indexer: Indexer): void {
    const watcher = new FolderWatcher([root], async (paths) => {
      await indexer.syncPaths(paths);
      const embedder = await this.indexEmbedder();
      if (embedder) await indexer.embedPending(embedder);
      // The changed files' vectors are made: the folder is up to date again, not "embedding".
      const p = this.progress.get(root);
      if (p && p.state !== 'idle') {
        p.finish();
        this.sendProgress(root, true);
      }
    });
    this.watchers.set(root, watcher);
  }

  /** The encoder (worker threads), loaded on first use; undefined when vectors are off or it cannot load. */
  private indexEmbedder(): Promise<Embedder | undefined> {
    if (this.options.vectors === false) return Promise.resolve(undefined);
    this.embedder ??= (async () => {
      try {
        const pool = await EmbedderPool.start(chooseEmbedderSpec(this.store, this.settings.embedder, this.options.modelsDir), 1);
        if (pool.note) this.embedderNote = `${encoderInWords(pool.id)} (${pool.note})`;
        return pool;
      } catch (err) {
        this.embedderNote = `keywords only: ${(err as Error).message}`;
        return undefined;
      }
    })();
    return this.embedder;
  }

  private async queryEmbedder(): Promise<Embedder | undefined> {
    if (this.store.vectorStates().done === 0) return undefined;
    return this.indexEmbedder();
  }

  private activeModels(): string[] {
    return [this.models?.llm.name, this.store.embedderInfo()?.id].filter((x): x is string => !!x);
  }

  /** The local LLM per the settings, loaded once; undefined when there is none (built-in engines answer). */
  private llmModels(): Backend['models'] {
    if (this.settings.llm === 'none') return undefined;
    if (!this.models) {
      const path = findLlmModel(this.options.modelsDir, this.settings.llm === 'auto' ? undefined : `${this.options.modelsDir}${sep}${this.settings.llm}`);
      if (!path || !existsSync(path)) return undefined;
      this.models = openLocalModels(path);
    }
    return this.models;
  }

  private async dropModels(): Promise<void> {
    const m = this.models;
    this.models = undefined;
    await m?.llm.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const d of this.downloads.values()) d.abort();
    await this.jobs;
    for (const t of this.pendingSend.values()) clearTimeout(t);
    for (const w of this.watchers.values()) await w.close();
    await this.dropModels();
    await (await this.embedder)?.close();
    this.store.close();
  }
}

function readSettings(path: string): Settings {
  // A damaged or hand-edited file that no longer fits: the defaults (the file is rewritten on the next change).
  return readJsonFile(path, SettingsSchema, DEFAULT_SETTINGS) ?? DEFAULT_SETTINGS;
}

function writeSettings(path: string, settings: Settings): void {
  writeJsonFile(path, settings);
}
