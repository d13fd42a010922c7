// Hostile and huge files (issue 44): built here as real files, read by the real Indexer and its
// extraction worker. None of these assert a time; the bench and the notes measure that.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractorHost, checkArchive } from '../../src/pipeline/index/extractors/extractorHost.js';
import { ExtractionError } from '../../src/pipeline/index/extractors/types.js';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { hybridSearch } from '../../src/pipeline/search/hybridSearch.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';

/** A .docx whose document.xml holds `paragraphs` paragraphs of `text`. */
async function docx(paragraphs: number, text = 'a'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const body = Array.from({ length: paragraphs }, (_, i) => `<w:p><w:r><w:t>${text} ${i}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The same archive with the uncompressed size its central directory declares for `name` set to `size` (a lying header). */
function declare(buf: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(buf);
  const at = out.indexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]));
  for (let i = at; i >= 0 && i < out.length - 46; i = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4)) {
    const nameLength = out.readUInt16LE(i + 28);
    if (out.toString('utf8', i + 46, i + 46 + nameLength) === name) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

const t = tempDir('docent-hostile-');
let folder: string;
let store: IndexStore;

beforeAll(async () => {
  folder = join(t.dir, 'docs');
  mkdirSync(folder);
  // 2,000,000 tiny paragraphs: about 60 MB of XML from a few hundred KB.
  writeFileSync(join(folder, 'bomb.docx'), await docx(2_000_000));
  writeFileSync(join(folder, 'liar.docx'), declare(await docx(10, 'fine text'), 'word/document.xml', 3_000_000_000));
  writeFileSync(join(folder, 'letter.docx'), await docx(3, 'Dear tenant, the rent rises by 2 percent from March'));
  // A 5 MB log without a blank line.
  const lines: string[] = [];
  for (let i = 0, n = 0; n < 5_000_000; i++) {
    const line = `2026-11-26 12:${String(i % 60).padStart(2, '0')}:00 worker-${i % 7} handled request ${i} in ${i % 97} ms${i === 40_000 ? ' after a quokkaphant timeout' : ''}`;
    lines.push(line);
    n += line.length + 1;
  }
  writeFileSync(join(folder, 'server.log'), lines.join('\n'));
  writeFileSync(join(folder, 'notes.md'), '# Notes\n\nThe boiler is serviced every spring.\n');
  store = IndexStore.open(join(t.dir, 'index.sqlite'));
}, 120_000);
afterAll(() => {
  store.close();
  t.cleanup();
});

describe('hostile and huge files', () => {
  it('skips a zip bomb and a lying archive with their reasons, and indexes the rest of the folder', async () => {
    const summary = await new Indexer(store).indexRoot(folder);
    const row = (name: string) => store.fileByPath(join(folder, name))!;
    expect(row('bomb.docx').status).toBe('skipped');
    // Stopped by its compression ratio or, past that, by the reader's memory limit.
    expect(row('bomb.docx').reason).toMatch(/expands from .* times|needs more than \d+ MB of memory/);
    expect(row('liar.docx').status).toBe('skipped');
    expect(row('liar.docx').reason).toMatch(/expands (from|to) .*(times|more than Docent reads from one file)/);
    for (const ok of ['letter.docx', 'server.log', 'notes.md']) expect(row(ok).status, ok).toBe('indexed');
    expect(summary.skipped).toBe(2);
    const found = await hybridSearch(store, 'quokkaphant', { k: 3 });
    expect(found.hits[0]?.path).toBe(join(folder, 'server.log'));
    expect((await hybridSearch(store, 'rent rises', { k: 3 })).hits[0]?.path).toBe(join(folder, 'letter.docx'));
  });

  it('a file that needs more memory than the reader has is skipped, and the next file is read by a fresh worker', async () => {
    // Under the ratio and size checks (ordinary text compresses about tenfold), over a small heap.
    const heavy = await docx(200_000, 'an ordinary sentence of a long report that goes on');
    expect(() => checkArchive(heavy)).not.toThrow();
    const host = new ExtractorHost({ heapMb: 48, timeoutMs: 600_000, maxExpandedBytes: 256 * 1024 * 1024 });
    try {
      const err = await host.extract(heavy, 'docx').then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(ExtractionError);
      expect((err as ExtractionError).reason).toMatch(/needs more than 48 MB of memory/);
      const next = await host.extract(Buffer.from('# Fine\n\nStill reading.\n'), 'markdown');
      expect(next.pages[0]!.text).toMatch(/Still reading/);
    } finally {
      await host.close();
    }
  });

  it('a file that takes longer than its time limit is skipped', async () => {
    const host = new ExtractorHost({ heapMb: 256, timeoutMs: 1, maxExpandedBytes: 256 * 1024 * 1024 });
    try {
      const err = await host.extract(await docx(20_000, 'slow'), 'docx').then(() => undefined, (e: unknown) => e);
      expect((err as ExtractionError).reason).toMatch(/took longer than/);
    } finally {
      await host.close();
    }
  });
});
