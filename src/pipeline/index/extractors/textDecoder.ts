import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ExtractionError } from './types.js';

const SAMPLE_BYTES = 64 * 1024;

/**
 * Heuristic for "this is not text": NUL bytes (outside UTF-16) or many C0 control characters.
 * Run on a sample so a large file costs the same as a small one.
 */
export function looksBinary(buf: Buffer): boolean {
  const sample = buf.subarray(0, SAMPLE_BYTES);
  if (sample.length === 0) return false;
  if (hasUtf16Bom(sample)) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) control++;
  }
  return control / sample.length > 0.05;
}

function hasUtf16Bom(buf: Buffer): boolean {
  return buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff));
}

function isValidUtf8(buf: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes a text file whatever its encoding: BOMs first, then strict UTF-8, then the
 * encoding chardet detects (Latin-1 / Windows-1252 and friends), read through iconv-lite.
 */
export function decodeText(buf: Buffer): { text: string; encoding: string } {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return { text: buf.subarray(3).toString('utf8'), encoding: 'UTF-8' };
  }
  if (hasUtf16Bom(buf)) {
    const encoding = buf[0] === 0xff ? 'UTF-16LE' : 'UTF-16BE';
    return { text: iconv.decode(buf.subarray(2), encoding), encoding };
  }
  if (looksBinary(buf)) {
    throw new ExtractionError('skipped', 'binary content, not text (the extension says text but the bytes are not)');
  }
  if (isValidUtf8(buf)) return { text: buf.toString('utf8'), encoding: 'UTF-8' };
  // Mostly UTF-8 with a few damaged bytes ("Café" written right, one stray byte elsewhere): a
  // legacy code page would turn every "é" into "Ã©", so read it as UTF-8 and lose only the bad bytes.
  const lossy = buf.toString('utf8');
  const bad = lossy.match(/\uFFFD/g)?.length ?? 0;
  const good = lossy.match(/[\u0080-\uFFFC\uFFFE\uFFFF]/gu)?.length ?? 0;
  if (good >= bad) return { text: lossy, encoding: 'UTF-8 (with damaged bytes)' };
  let detected = chardet.detect(buf.subarray(0, SAMPLE_BYTES)) ?? 'windows-1252';
  // chardet names ISO-8859-1 for most Western text; Windows-1252 is its superset and what such files really are.
  if (/^ISO-8859-1$/i.test(detected)) detected = 'windows-1252';
  if (!iconv.encodingExists(detected) || /^UTF-8$/i.test(detected)) detected = 'windows-1252';
  return { text: iconv.decode(buf, detected), encoding: detected };
}
