/** A model Docent can download for the user (only when they ask). */
export interface CatalogModel {
  id: string;
  kind: 'gguf' | 'onnx';
  /** The file (GGUF) or folder (ONNX encoder) name it gets in the models folder. */
  fileName: string;
  purpose: string;
  /** Approximate download size in bytes, for the UI before the server tells the exact one (the one place a size is written: never in `purpose`). */
  size: number;
  /**
   * Files to fetch, relative to the model folder (ONNX) or the one file (GGUF), with their URL on
   * the Hugging Face hub. HF_ENDPOINT (the hub's own setting) points them at a mirror.
   */
  files: Array<{ path: string; url: string; sha256?: string }>;
}

const HUB = 'https://huggingface.co';

export const RECOMMENDED_MODELS: readonly CatalogModel[] = [
  {
    id: 'lfm2.5-1.2b-instruct',
    kind: 'gguf',
    fileName: 'LFM2.5-1.2B-Instruct-Q4_K_M.gguf',
    purpose: 'rewrites follow-ups, quotes facts and writes answers (runs on a laptop CPU; used where it is quick enough on this machine)',
    size: 730_000_000,
    files: [{ path: 'LFM2.5-1.2B-Instruct-Q4_K_M.gguf', url: `${HUB}/LiquidAI/LFM2.5-1.2B-Instruct-GGUF/resolve/main/LFM2.5-1.2B-Instruct-Q4_K_M.gguf` }],
  },
  {
    id: 'contriever-msmarco',
    kind: 'onnx',
    fileName: 'contriever-msmarco',
    purpose: 'a stronger sentence encoder for search by meaning (re-embeds the index)',
    size: 440_000_000,
    files: ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'onnx/model.onnx'].map((path) => ({
      path,
      url: `${HUB}/Xenova/contriever-msmarco/resolve/main/${path}`,
    })),
  },
];

/** The URL with the hub replaced by HF_ENDPOINT when it is set (a mirror, or a test server). */
export function hubUrl(url: string, env: NodeJS.ProcessEnv = process.env): string {
  const endpoint = env.HF_ENDPOINT?.replace(/\/+$/, '');
  return endpoint && url.startsWith(HUB) ? endpoint + url.slice(HUB.length) : url;
}
