/**
 * Writes the real documents in test/fixtures: PDFs made with pdfkit (one encrypted, one with no
 * text layer, one truncated), a Word report made with docx, broken Word files, HTML, Markdown,
 * Latin-1 and UTF-16 text, random bytes. Run once with `npx tsx scripts/make-fixtures.ts`; the
 * outputs are committed so tests never depend on these generators' versions.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';
import iconv from 'iconv-lite';

const root = new URL('../test/fixtures/', import.meta.url).pathname;
const docs = join(root, 'docs');
const broken = join(root, 'broken');
mkdirSync(join(docs, 'invoices'), { recursive: true });
mkdirSync(broken, { recursive: true });

const FIXED_DATE = new Date('2024-05-01T10:00:00Z');

/** A line of a PDF that is also an entry of its outline (bookmarks), under the entry named `under`. */
interface OutlineLine {
  section: string;
  under?: string;
}

function pdf(pages: Array<Array<string | OutlineLine>>, options: { title?: string; userPassword?: string; textless?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      info: { Title: options.title ?? '', CreationDate: FIXED_DATE, ModDate: FIXED_DATE, Producer: 'docent fixtures' },
      ...(options.userPassword ? { userPassword: options.userPassword, ownerPassword: 'owner-' + options.userPassword } : {}),
    });
    const chunks: Buffer[] = [];
    const entries = new Map<string, PDFKit.PDFOutline>();
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const paragraphs of pages) {
      doc.addPage({ size: 'A4', margin: 60 });
      if (options.textless) {
        doc.rect(80, 80, 300, 200).fill('#777777');
        continue;
      }
      for (const p of paragraphs) {
        if (typeof p === 'string') doc.fontSize(11).text(p, { paragraphGap: 8 });
        else {
          entries.set(p.section, (p.under ? entries.get(p.under)! : doc.outline).addItem(p.section));
          doc.fontSize(14).text(p.section, { paragraphGap: 6 });
        }
      }
    }
    doc.end();
  });
}

function seededBytes(n: number, seed: number): Buffer {
  const out = Buffer.alloc(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

async function main(): Promise<void> {
  // ---- documents a person might have ------------------------------------------------------
  writeFileSync(
    join(docs, 'invoices', 'invoice-2024-001.pdf'),
    await pdf([[
      'Acme Garden Supplies B.V. — Invoice INV-2024-001',
      'Invoice date: 12 March 2024. Customer: J. de Vries, Lindenlaan 4, Utrecht.',
      'Items: 3 cubic metres of wood chip mulch (houtmulch), delivered. Subtotal EUR 135.00, VAT 21% EUR 28.35.',
      'Total due: EUR 163.35, payable within 30 days to account NL12 BANK 0123 4567 89.',
    ]], { title: 'Invoice INV-2024-001' }),
  );
  writeFileSync(
    join(docs, 'invoices', 'invoice-2024-002.pdf'),
    await pdf([[
      'Northwind Laptops Ltd — Invoice INV-2024-002',
      'Invoice date: 2 April 2024. One MacBook Pro 14-inch laptop, serial C02XYZ123, with a three-year care plan.',
      'Total due: EUR 2,499.00. Paid by bank transfer on 5 April 2024.',
    ]], { title: 'Invoice INV-2024-002' }),
  );
  writeFileSync(
    join(docs, 'invoices', 'invoice-2023-117.pdf'),
    await pdf([[
      'Greenfield Office Cleaning — Invoice 2023-117',
      'Invoice date: 30 November 2023. Monthly office cleaning, November 2023.',
      'Total due: EUR 420.00.',
    ]], { title: 'Invoice 2023-117' }),
  );
  writeFileSync(
    join(docs, 'heat-pump-manual.pdf'),
    await pdf(
      [
        ['Aerotherm 5 Heat Pump — Installation and User Manual', 'Chapter 1. Safety. Read this manual before installing the unit. Only qualified installers may open the casing.'],
        ['Chapter 2. Installation.', 'Mount the outdoor unit on a level concrete base at least 30 cm from any wall. Keep 1 metre of free space in front of the fan.'],
        [
          'Chapter 3. Maintenance and warranty.',
          'Clean the air filter every three months. The warranty period is 7 years on the compressor and 2 years on all other parts, provided the unit is serviced once a year by a certified installer.',
          'Error code E42 means the refrigerant pressure is too low: switch the unit off and call your installer.',
        ],
        ['Chapter 4. Technical data.', 'Heating capacity 5 kW. Sound power level 55 dB(A). Refrigerant R32, 1.2 kg.'],
      ],
      { title: 'Aerotherm 5 Heat Pump Manual' },
    ),
  );

  const report = new Document({
    creator: 'docent fixtures',
    title: 'Community Garden Project — Annual Report 2024',
    sections: [
      {
        children: [
          new Paragraph({ text: 'Community Garden Project — Annual Report 2024', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Summary', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('The project added 40 raised beds and welcomed 120 new members in 2024.'),
          new Paragraph({ text: 'Budget', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The total budget for 2025 is '),
              new TextRun({ text: 'EUR 48,500', bold: true }),
              new TextRun(', of which EUR 30,000 is for the new greenhouse and EUR 18,500 for tools, seeds and water.'),
            ],
          }),
          new Paragraph({ text: 'Next steps', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('The board will vote on the greenhouse contractor in February 2025.'),
        ],
      },
    ],
  });
  writeFileSync(join(docs, 'annual-report-2024.docx'), await Packer.toBuffer(report));

  writeFileSync(
    join(docs, 'auth-notes.md'),
    [
      '# Authentication system notes',
      '',
      'The authentication system issues JWT access tokens that expire after 24 hours.',
      '',
      '## Sessions',
      '',
      'When a session expires, the client sends its refresh token to `/auth/refresh`; a valid refresh token returns a new access token,',
      'and an expired refresh token forces the user to log in again. Refresh tokens are revoked on logout.',
      '',
      '## Passwords',
      '',
      'Passwords are hashed with Argon2id and a per-user salt.',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(docs, 'houtmulch.md'),
    [
      '# Houtmulch',
      '',
      'Houtmulch is een bodembedekker gemaakt van fijn gemalen hout. Het houdt onkruid tegen en houdt de grond vochtig.',
      '',
      '## Prijs',
      '',
      'De prijs van houtmulch is 45 euro per kuub, inclusief bezorging binnen 20 km.',
      '',
      '## Aanbrengen',
      '',
      'Leg de houtmulch in een laag van 5 tot 7 centimeter dik. Een dunnere laag houdt onkruid niet goed tegen.',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(docs, 'recipes.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>Grandma's Apple Pie</title>
<style>body{font-family:serif}</style><script>console.log('not text')</script></head>
<body><nav>Home | Recipes | About</nav><h1>Grandma's Apple Pie</h1>
<p>Bake the pie at <b>180 °C</b> for 45 minutes, until the crust is golden.</p>
<ul><li>6 apples</li><li>200 g flour</li><li>150 g butter</li></ul>
<p>Serve warm with cream.</p></body></html>\n`,
  );
  writeFileSync(
    join(docs, 'latin1-notes.txt'),
    iconv.encode('Notities over het café: de crème brûlée kost 7,50 euro. Façade geschilderd in mei.\n', 'latin1'),
  );
  writeFileSync(
    join(docs, 'utf16-memo.txt'),
    Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('Memo: the storage room key is in the blue drawer.\n', 'utf16-le')]),
  );
  writeFileSync(join(docs, 'photo.png'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));

  // ---- a PDF with an outline (bookmarks): its sections start mid-page and run across pages ----
  const outlined = join(root, 'outlined');
  mkdirSync(outlined, { recursive: true });
  writeFileSync(
    join(outlined, 'plotting-guide.pdf'),
    await pdf(
      [
        [
          { section: 'Introduction' },
          'This guide explains how to draw charts with the plotter program, from a first line chart to a finished figure.',
          { section: 'Axes' },
          'Every chart has a horizontal and a vertical axis; each can be configured on its own.',
          { section: 'Logscale', under: 'Axes' },
          'The logscale setting draws an axis on a logarithmic scale, which suits data that spans several orders of magnitude.',
        ],
        [
          'The base of the logarithm is 10 unless another base is given after the axis name.',
          { section: 'Ranges', under: 'Axes' },
          'The visible part of an axis is chosen with a range: the lowest and the highest value to show.',
        ],
        [{ section: 'Colours' }, 'Lines take their colours from a palette of eight, in the order the data sets are drawn.'],
      ],
      { title: 'Plotter user guide' },
    ),
  );

  // ---- broken files -----------------------------------------------------------------------
  const good = await pdf([['This PDF will be cut in half, losing its cross-reference table and trailer.'], ['Second page.']]);
  writeFileSync(join(broken, 'truncated.pdf'), good.subarray(0, Math.floor(good.length / 3)));
  writeFileSync(join(broken, 'encrypted.pdf'), await pdf([['Secret salary figures.']], { userPassword: 'hunter2' }));
  writeFileSync(join(broken, 'scanned.pdf'), await pdf([[''], ['']], { textless: true }));
  writeFileSync(join(broken, 'not-a-zip.docx'), 'This is plain text saved with a .docx name.\n');
  const zip = new JSZip();
  zip.file('hello.txt', 'a zip archive, but not a Word document');
  writeFileSync(join(broken, 'wrong-zip.docx'), (await zip.generateAsync({ type: 'nodebuffer', date: FIXED_DATE } as never)) as Buffer);
  writeFileSync(join(broken, 'empty.txt'), '');
  writeFileSync(join(broken, 'random-bytes.txt'), seededBytes(4096, 42));
  writeFileSync(join(broken, 'garbage.pdf'), seededBytes(2048, 7));
  writeFileSync(join(broken, 'fine.md'), '# Still fine\n\nThis note sits among broken files and must still be indexed.\n');
}

await main();
