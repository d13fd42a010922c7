/**
 * The sizes a zip archive (a .docx) declares for its entries, read from its central directory
 * without inflating anything: enough to refuse a zip bomb before it costs memory. Written here
 * rather than taken from a package: it is the end-of-central-directory record and one fixed
 * header per entry, and the extractor (mammoth) brings its own unzipper for the real reading.
 */
export interface ZipEntrySize {
  name: string;
  compressed: number;
  uncompressed: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The entries' declared sizes, or undefined when the directory cannot be read (the extractor then reports the damage). */
export function zipEntrySizes(buf: Buffer): ZipEntrySize[] | undefined {
  // The end record is in the last 22 bytes plus a comment of up to 65,535.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntrySize[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) return undefined;
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      compressed: buf.readUInt32LE(at + 20),
      uncompressed: buf.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
