import { WrappingEmbedder, type EmbedOptions, type Embedder } from './embedder.js';

/**
 * Remembers the vectors of recent texts (least recently used first out), so a query that is
 * searched again — retyped in the launcher, or by several retrievers — is embedded once.
 */
export class CachingEmbedder extends WrappingEmbedder {
  private readonly cache = new Map<string, Float32Array>();

  constructor(
    inner: Embedder,
    private readonly capacity = 512,
  ) {
    super(inner);
  }

  async embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((t) => !this.cache.has(t)))];
    if (missing.length) {
      const vectors = await this.inner.embed(missing, options);
      missing.forEach((t, i) => this.remember(t, vectors[i]!));
    }
    return texts.map((t) => {
      const v = this.cache.get(t)!;
      this.cache.delete(t); // re-insert: most recently used last
      this.cache.set(t, v);
      return v;
    });
  }

  private remember(text: string, v: Float32Array): void {
    this.cache.set(text, v);
    while (this.cache.size > this.capacity) this.cache.delete(this.cache.keys().next().value!);
  }
}
