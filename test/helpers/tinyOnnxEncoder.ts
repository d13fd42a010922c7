import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes a tiny but real BERT-shaped sentence encoder in the layout transformers.js reads:
 * a WordPiece tokenizer.json, config.json, and onnx/model.onnx whose graph is one Gather over an
 * embedding table (input_ids -> last_hidden_state). It exercises the real loading path
 * (tokenizer, onnxruntime session, mean pooling) where no real ONNX weights can be downloaded.
 * Words in the same "topic" get nearby embeddings, so similarity is meaningful.
 */
export function writeTinyOnnxEncoder(modelsDir: string, name: string, dim = 16): string[] {
  const topics: string[][] = [
    ['cat', 'dog', 'pet', 'animal', 'puppy', 'kitten'],
    ['tax', 'invoice', 'payment', 'money', 'bill', 'price'],
    ['garden', 'mulch', 'plant', 'soil', 'tree', 'flower'],
  ];
  const special = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
  const filler = ['the', 'a', 'is', 'of', 'and', 'my', 'about', 'for'];
  const vocab = [...special, ...filler, ...topics.flat()];
  const dir = join(modelsDir, name);
  mkdirSync(join(dir, 'onnx'), { recursive: true });

  // Embedding table: topic words near their topic's axis, everything else small and spread.
  const table = new Float32Array(vocab.length * dim);
  vocab.forEach((word, row) => {
    const t = topics.findIndex((ws) => ws.includes(word));
    for (let j = 0; j < dim; j++) {
      const base = t >= 0 && j === t ? 1 : 0;
      table[row * dim + j] = base + 0.05 * Math.sin(row * 7 + j * 3);
    }
  });

  writeFileSync(join(dir, 'onnx', 'model.onnx'), gatherModel(table, vocab.length, dim));
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ model_type: 'bert', hidden_size: dim, vocab_size: vocab.length, architectures: ['BertModel'] }),
  );
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify({
      tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 128,
      pad_token: '[PAD]', unk_token: '[UNK]', cls_token: '[CLS]', sep_token: '[SEP]', mask_token: '[MASK]',
    }));
  writeFileSync(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: special.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
      normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      post_processor: {
        type: 'TemplateProcessing',
        single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
        pair: [],
        special_tokens: {
          '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] },
          '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] },
        },
      },
      decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
      model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(vocab.map((w, i) => [w, i])) },
    }),
  );
  return vocab;
}

// ---- a minimal protobuf writer for the few ONNX messages needed ----------------------------

function varint(n: number | bigint): number[] {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}
const key = (field: number, wire: number): number[] => varint((field << 3) | wire);
const int = (field: number, n: number): number[] => [...key(field, 0), ...varint(n)];
const bytes = (field: number, b: Uint8Array | number[]): number[] => [...key(field, 2), ...varint(b.length), ...b];
const str = (field: number, s: string): number[] => bytes(field, [...Buffer.from(s, 'utf8')]);

const INT64 = 7;
const FLOAT = 1;

function valueInfo(name: string, elemType: number, dims: Array<number | string>): number[] {
  const shape = dims.flatMap((d) => bytes(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  const tensorType = [...int(1, elemType), ...bytes(2, shape)];
  return [...str(1, name), ...bytes(2, bytes(1, tensorType))];
}

function gatherModel(table: Float32Array, rows: number, dim: number): Buffer {
  const initializer = [...int(1, rows), ...int(1, dim), ...int(2, FLOAT), ...str(8, 'embeddings'), ...bytes(9, new Uint8Array(table.buffer))];
  const node = [...str(1, 'embeddings'), ...str(1, 'input_ids'), ...str(2, 'last_hidden_state'), ...str(3, 'lookup'), ...str(4, 'Gather')];
  const graph = [
    ...bytes(1, node),
    ...str(2, 'tiny-encoder'),
    ...bytes(5, initializer),
    ...bytes(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    ...bytes(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', dim])),
  ];
  const model = [...int(1, 8), ...str(2, 'docent-tests'), ...bytes(7, graph), ...bytes(8, [...str(1, ''), ...int(2, 13)])];
  return Buffer.from(model);
}
