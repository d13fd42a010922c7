import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bookmark, Document, ExternalHyperlink, HeadingLevel, InternalHyperlink, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { statements } from '../../src/pipeline/answer/mapStage.js';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src/pipeline/index/chunker.js';
import { embeddingText } from '../../src/pipeline/index/indexer.js';
import { rowsForReading } from '../../src/pipeline/index/pipeTable.js';
import { plainSnippet } from '../../src/pipeline/search/hybridSearch.js';
import { docTypeOf, extract } from '../../src/pipeline/index/extractors/extract.js';
import { joinItems, type TextItemLike } from '../../src/pipeline/index/extractors/pdfExtractor.js';
import { placeSections, readOutline, type OutlineSource } from '../../src/pipeline/index/extractors/pdfOutline.js';
import { decodeText, looksBinary } from '../../src/pipeline/index/extractors/textDecoder.js';
import { ExtractionError } from '../../src/pipeline/index/extractors/types.js';
import { FIXTURES } from '../helpers/tmp.js';

const docs = (name: string): Buffer => readFileSync(join(FIXTURES, 'docs', name));
const broken = (name: string): Buffer => readFileSync(join(FIXTURES, 'broken', name));

async function failure(buf: Buffer, name: string): Promise<ExtractionError> {
  const err = await extract(buf, docTypeOf(name)!).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExtractionError);
  return err as ExtractionError;
}

describe('extractors on real files', () => {
  it('reads a multi-page PDF page by page, keeping page numbers and the title', async () => {
    const doc = await extract(docs('heat-pump-manual.pdf'), 'pdf');
    expect(doc.title).toBe('Aerotherm 5 Heat Pump Manual');
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(doc.pages[2]!.text).toContain('The warranty period is 7 years');
    expect(doc.pages[0]!.text).not.toContain('warranty period');
  });

  it('gives a PDF\'s passages the sections of its outline: placed where the page prints their titles, carried across pages', async () => {
    const doc = await extract(readFileSync(join(FIXTURES, 'outlined', 'plotting-guide.pdf')), 'pdf');
    const [one, two, three] = doc.pages;
    expect(one!.sections!.map((s) => s.title)).toEqual(['Introduction', 'Axes', 'Axes › Logscale']);
    // Each section starts at its printed title, not at the top of the page.
    for (const s of one!.sections!) expect(one!.text.slice(s.offset)).toMatch(new RegExp(`^${s.title.split(' › ').at(-1)}`));
    expect(two!.sections).toEqual([{ offset: 0, title: 'Axes › Logscale' }, { offset: two!.text.indexOf('Ranges'), title: 'Axes › Ranges' }]);
    expect(three!.sections).toEqual([{ offset: 0, title: 'Colours' }]);
    // Passages end where sections do, and page 2's first passage is still about the logscale.
    const chunks = chunkDocument(doc);
    expect(chunks.map((c) => [c.page, c.section])).toEqual([
      [1, 'Introduction'],
      [1, 'Axes'],
      [1, 'Axes › Logscale'],
      [2, 'Axes › Logscale'],
      [2, 'Axes › Ranges'],
      [3, 'Colours'],
    ]);
    expect(chunks[3]!.text).toMatch(/^The base of the logarithm is 10/);
    // A PDF without an outline has no sections.
    expect((await extract(docs('heat-pump-manual.pdf'), 'pdf')).pages.every((p) => p.sections === undefined)).toBe(true);
  });

  it('joins a word hyphenated across a PDF line break', async () => {
    const doc = await extract(docs('invoices/invoice-2024-002.pdf'), 'pdf');
    expect(doc.pages[0]!.text).toContain('three-year care plan');
  });

  it('joins an identifier a PDF broke after its underscore at a line end, and nothing else', () => {
    const line = (str: string, hasEOL = true): TextItemLike => ({ str, hasEOL });
    // R's administration manual: "… the environment variable R_" / "LIBS_USER. This has a default value".
    expect(joinItems([line('specified by the environment variable R_'), line('LIBS_USER . This has a default value', false)])).toBe('specified by the environment variable R_LIBS_USER . This has a default value');
    expect(joinItems([line('ends with a word'), line('next line', false)])).toBe('ends with a word\nnext line');
    // An underscore standing alone (a blank to fill in) is no identifier.
    expect(joinItems([line('Name: _'), line('Date:', false)])).toBe('Name: _\nDate:');
  });

  it('joins text items that touch without a space, and spaces items apart', () => {
    // As pdf.js places them on a line of R's administration manual (x, y, width, height in points).
    const at = (str: string, x: number, width: number, y = 537.4, hasEOL = false): TextItemLike => ({ str, hasEOL, transform: [1, 0, 0, 1, x, y], width, height: 10.9 });
    const line = [at('For most users it suffices to call ‘', 104.9, 163.2), at('install.packages(', 268.2, 97.4), at('pkgname', 365.5, 40.1), at(')', 405.6, 5.7), at('’ or its GUI equivalent', 411.3, 110.7, 537.4, true)];
    expect(joinItems(line)).toBe('For most users it suffices to call ‘install.packages(pkgname)’ or its GUI equivalent');
    // A gap, as TeX leaves between words without a space of its own, is a space; so is a space item.
    expect(joinItems([at('the', 72, 14), at('value', 89, 22)])).toBe('the value');
    expect(joinItems([at('the command', 72, 59.2), at(' ', 131.2, 3.3), at('set fit logfile', 134.5, 62.1), at(', the name', 196.7, 40)])).toBe('the command set fit logfile, the name');
    // Items on another line without an end-of-line mark, rotated text and items without a place are spaced as before.
    expect(joinItems([at('one', 72, 20), at('two', 92, 20, 520)])).toBe('one two');
    expect(joinItems([{ str: 'up', transform: [0, 1, -1, 0, 50, 50], width: 10, height: 10 }, { str: 'wards', transform: [0, 1, -1, 0, 50, 60], width: 20, height: 10 }])).toBe('up wards');
    expect(joinItems([{ str: 'a' }, { str: 'b' }])).toBe('a b');
  });

  it("leaves out a footnote's raised mark where its footnote opens a line of the page, and writes any other raised digit as an exponent", () => {
    // As pdf.js places them in R-intro: "here statef²" with footnote 2 at the page's foot.
    const at = (str: string, x: number, width: number, y: number, height = 10.9, hasEOL = false): TextItemLike => ({ str, hasEOL, transform: [1, 0, 0, 1, x, y], width, height });
    const lead = at('Notice that the function tapply() can be used to compute the mean of each group of a vector,', 90, 430, 671, 10.9, true);
    const line = [lead, at('here', 90, 20, 657.8), at(' ', 110, 4.3, 657.8), at('statef', 114.3, 34.4, 657.8), at('2', 148.7, 4, 661.8, 7), at(', as if they were separate vector structures.', 153.2, 210.9, 657.8, 10.9, true)];
    const foot = [at('2 Readers should note that there are eight states and territories in Australia.', 90, 400, 90, 8.9, true)];
    expect(joinItems([...line, ...foot])).toBe(`${lead.str}\nhere statef, as if they were separate vector structures.\n\n2 Readers should note that there are eight states and territories in Australia.`);
    // Without the footnote, the same raised digit is an exponent; so is one after a number ("2^31").
    expect(joinItems(line)).toBe(`${lead.str}\nhere statef^2, as if they were separate vector structures.`);
    expect(joinItems([at('is limited to 2', 90, 70, 500), at('31', 160, 6, 504, 7), at(' elements', 166.5, 40, 500)])).toBe('is limited to 2^31 elements');
    // A digit of the line's own size and height is text.
    expect(joinItems([at('page', 90, 20, 500), at(' ', 110, 3, 500), at('2', 113, 5, 500)])).toBe('page 2');
  });

  it("sets a footnote at the page's foot apart from the page's last sentence, and no other line", () => {
    // As pdf.js places them on R-admin's page 32: the body in 10.9 type, footnote 4 in 9 with its number in 7.
    const at = (str: string, x: number, width: number, y: number, height = 10.9, hasEOL = false): TextItemLike => ({ str, hasEOL, transform: [1, 0, 0, 1, x, y], width, height });
    const lead = 'A few of the binary packages need other software to be installed on your system: packages using Gtk+ need';
    const body = [at(lead, 90, 430, 149.6, 10.9, true), at('the appropriate version at the time of writing was', 90, 250, 136.4, 10.9, true), at('GTK_2.24.17-X11.pkg', 90, 137.5, 123.2), at('.', 227.5, 3, 123.2), at('', 95.9, 0, 103.9, 7, true)];
    const foot = [at('4', 95.9, 4, 103.9, 7), at(' ', 99.8, 5.1, 103.9, 7), at('for a small number of', 104.9, 87.6, 100.1, 9), at(' ', 192.5, 3.2, 100.1, 9), at('CRAN', 195.8, 25, 100.1, 8), at(' packages where this is the default.', 220.8, 150, 100.1, 9, true)];
    const page = at('32', 500, 10, 60, 10.9);
    expect(joinItems([...body, ...foot, page])).toBe(`${lead}\nthe appropriate version at the time of writing was\nGTK_2.24.17-X11.pkg.\n\n4 for a small number of CRAN packages where this is the default.\n32`);
    // Two footnotes are two paragraphs; a footnote's second line goes on in its own.
    const second = [at('Look at the source for the list.', 104.9, 150, 89.7, 9, true), at('5 Another note.', 95.9, 80, 79, 9, true)];
    expect(joinItems([...body, ...foot, ...second])).toBe(`${lead}\nthe appropriate version at the time of writing was\nGTK_2.24.17-X11.pkg.\n\n4 for a small number of CRAN packages where this is the default.\nLook at the source for the list.\n\n5 Another note.`);
    // A footnote whose line opens with a space item opens its paragraph without a space.
    expect(joinItems([...body, at(' ', 80, 5, 103.9, 7), ...foot])).toBe(`${lead}\nthe appropriate version at the time of writing was\nGTK_2.24.17-X11.pkg.\n\n4 for a small number of CRAN packages where this is the default.`);
    // A footnote whose number a gap alone sets apart from its text (no space item between them).
    const gapped = [at('4', 95.9, 4, 103.9, 7), at('for a small number of CRAN packages where this is the default.', 104.9, 260, 100.1, 9, true)];
    expect(joinItems([...body, ...gapped])).toBe(`${lead}\nthe appropriate version at the time of writing was\nGTK_2.24.17-X11.pkg.\n\n4 for a small number of CRAN packages where this is the default.`);
    // A line in the smaller type with body text after it is no footnote (program output, a table); nor is a number opening a line of the body's type.
    const output = [at('1 usarrests TABLE', 90, 80, 300, 9, true), ...body.slice(0, 3)];
    expect(joinItems(output)).toBe(`1 usarrests TABLE\n${lead}\nthe appropriate version at the time of writing was\nGTK_2.24.17-X11.pkg`);
    expect(joinItems([...body, at('4 packages are installed.', 90, 100, 100, 10.9, true)])).toBe(`${lead}\nthe appropriate version at the time of writing was\nGTK_2.24.17-X11.pkg.\n4 packages are installed.`);
  });

  it('joins a web address that a line end broke, keeps a sentence after one on its line, and reads a control character as no text', () => {
    const line = (str: string, hasEOL = true): TextItemLike => ({ str, hasEOL });
    // R's FAQ: "(https://" / "www.gnu.org/copyleft/copyleft.html), a…".
    expect(joinItems([line('GNU-style copyleft (https://'), line('www.gnu.org/copyleft/copyleft.html), and', false)])).toBe('GNU-style copyleft (https://www.gnu.org/copyleft/copyleft.html), and');
    expect(joinItems([line('free software (https://www.'), line('gnu.org/philosophy/free-sw.html)', false)])).toBe('free software (https://www.gnu.org/philosophy/free-sw.html)');
    // A sentence that ends with an address, and the next one.
    expect(joinItems([line('has a home page at https://www.R-project.org/.'), line('It is free software.', false)])).toBe('has a home page at https://www.R-project.org/.\nIt is free software.');
    expect(joinItems([line('see https://CRAN.R-project.org/doc/FAQ/'), line('From there', false)])).toBe('see https://CRAN.R-project.org/doc/FAQ/\nFrom there');
    // A section's title after an address that ends a sentence, and a line after an address a bracket closed, are lines of their own.
    expect(joinItems([line('at https://www.R-project.org/Licenses/'), line('1.2 Obtaining this document', false)])).toBe('at https://www.R-project.org/Licenses/\n1.2 Obtaining this document');
    expect(joinItems([line('(https://doi.org/10.1080/10618600.2000.10474900)).'), line('3.5 What is R-plus?', false)])).toBe('(https://doi.org/10.1080/10618600.2000.10474900)).\n3.5 What is R-plus?');
    // A full stop after an address's last slash ends its sentence: the next line is one of its own, not more of the address (R-admin: "…/Mac%20OS%20X/." then "Tcl/Tk extension …").
    expect(joinItems([line('such as those at https://sourceforge.net/projects/mcmc-jags/files/JAGS/4.x/Mac%20OS%20X/.'), line('Tcl/Tk extension BWidget used to be distributed with R', false)])).toBe('such as those at https://sourceforge.net/projects/mcmc-jags/files/JAGS/4.x/Mac%20OS%20X/.\nTcl/Tk extension BWidget used to be distributed with R');
    // The next line's first word set in two items ("html" + ")").
    const placed = (str: string, x: number, width: number): TextItemLike => ({ str, hasEOL: false, transform: [1, 0, 0, 1, x, 500], width, height: 10.9 });
    expect(joinItems([line('(https://CRAN.R-project.org/bin/windows/base/rw-FAQ.'), placed('html', 90, 20), placed(') for more details', 110, 80)])).toBe('(https://CRAN.R-project.org/bin/windows/base/rw-FAQ.html) for more details');
    // gnuplot's bullets come out of pdf.js as U+0088.
    expect(joinItems([line('\u0088 All evaluation of expressions'), line('a\u0085b', false)])).toBe('• All evaluation of expressions\nab');
  });

  it('reads a Word document with mammoth, bold runs included', async () => {
    const doc = await extract(docs('annual-report-2024.docx'), 'docx');
    expect(doc.pages[0]!.text).toContain('The total budget for 2025 is EUR 48,500');
    expect(doc.title).toBe('Community Garden Project — Annual Report 2024');
  });

  it("leaves out a Word document's table of contents (a paragraph per entry, each a link to its heading) with its label, and keeps paragraphs of links elsewhere or with words", async () => {
    const titles = ['Introduction', 'Budget', 'Schedule'];
    const entry = (t: string, i: number): Paragraph => new Paragraph({ children: [new InternalHyperlink({ anchor: `_Toc${i}`, children: [new TextRun(`${i + 1}. ${t}\t${i + 3}`)] })] });
    const heading = (t: string, i: number): Paragraph => new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new Bookmark({ id: `_Toc${i}`, children: [new TextRun(`${i + 1}. ${t}`)] })] });
    const read = async (children: Paragraph[]): Promise<string> => (await extract(await Packer.toBuffer(new Document({ sections: [{ children }] })), 'docx')).pages[0]!.text;
    const report = await read([new Paragraph('Contents'), ...titles.map(entry), ...titles.map(heading), new Paragraph('The engineering budget is EUR 1.2 million.')]);
    expect(report.split('\n').filter(Boolean)).toEqual(['1. Introduction', '2. Budget', '3. Schedule', 'The engineering budget is EUR 1.2 million.']);
    // Two entries are no table of contents; links elsewhere (a reading list) and lines that say more than a page number are text.
    expect(await read([new Paragraph('Contents'), ...titles.slice(0, 2).map(entry), heading('Introduction', 0)])).toContain('Contents\n\n1. Introduction 3\n\n2. Budget 4');
    const links = await read(['https://example.org/a', 'https://example.org/b', 'https://example.org/c'].map((link, i) => new Paragraph({ children: [new ExternalHyperlink({ link, children: [new TextRun(`Reading ${i + 1}`)] })] })));
    expect(links).toContain('Reading 1\n\nReading 2\n\nReading 3');
    const methods = await read(['Constructor', 'Destructor', 'Methods'].map((w, i) => new Paragraph({ children: [new TextRun(`${w}: `), new InternalHyperlink({ anchor: `_Toc${i}`, children: [new TextRun(`blob_${w.toLowerCase()}()`)] })] })));
    expect(methods).toContain('Constructor: blob_constructor()');
  });

  it('reads a Word document\'s tables row by row, with its header row\'s names where Word marks one', async () => {
    const cell = (text: string): TableCell => new TableCell({ children: [new Paragraph(text)] });
    // 'marked': the first row's <w:tblHeader/> alone; 'off': every other row's <w:tblHeader w:val="off"/> too
    // (the docx package writes it; mammoth reads it as a header row); 'none': no row marked.
    const table = (rows: string[][], header: 'marked' | 'off' | 'none'): Table =>
      new Table({ rows: rows.map((r, i) => new TableRow({ ...(header === 'none' ? {} : header === 'off' ? { tableHeader: i === 0 } : i === 0 ? { tableHeader: true } : {}), children: r.map(cell) })) });
    const rows = [['Item', 'Quantity', 'Price'], ['Laptop stand', '2', 'EUR 60'], ['USB-C dock', '1', 'EUR 180']];
    const read = async (header: 'marked' | 'off' | 'none'): Promise<string> => {
      const doc = new Document({ sections: [{ children: [new Paragraph('Order 2026-114'), table(rows, header), new Paragraph('Delivery within a week.')] }] });
      return (await extract(await Packer.toBuffer(doc), 'docx')).pages[0]!.text;
    };
    for (const header of ['marked', 'off'] as const) expect(await read(header), header).toContain('| Item | Quantity | Price |\n| --- | --- | --- |\n| Laptop stand | 2 | EUR 60 |\n| USB-C dock | 1 | EUR 180 |\n\nDelivery within a week.');
    // Without a marked header row, the rows in order, none of them read as the names.
    expect(await read('none')).toContain('Order 2026-114\n\n| Item | Quantity | Price |\n| Laptop stand | 2 | EUR 60 |\n| USB-C dock | 1 | EUR 180 |\n\nDelivery within a week.');
  });

  it('reads HTML as text without markup, scripts or styles, and keeps the <title>', async () => {
    const doc = await extract(docs('recipes.html'), 'html');
    expect(doc.title).toBe("Grandma's Apple Pie");
    const text = doc.pages[0]!.text;
    expect(text).toContain('Bake the pie at 180 °C for 45 minutes');
    expect(text).not.toMatch(/<\/?[a-z]+>|console\.log|font-family/);
  });

  it("leaves out a site's menus, navigation bars, sidebars and breadcrumbs, by their class", async () => {
    // As SQLite's pages open: a menu of the site's sections on every page.
    const html = '<html><body><div class="menu mainmenu"><ul><li><a href="index.html">Home</a></li><li><a href="docs.html">Documentation</a></li><li><a href="download.html">Download</a></li></ul></div>' +
      '<div class="sidebar"><a href="x.html">License</a></div><ol class="breadcrumb"><li><a href="docs.html">Docs</a></li></ol><h1>Autoincrement</h1><p class="menu-note">The AUTOINCREMENT keyword is usually not needed.</p></body></html>';
    const text = (await extract(Buffer.from(html), 'html')).pages[0]!.text;
    expect(text).toContain('Autoincrement');
    expect(text).toContain('The AUTOINCREMENT keyword is usually not needed.');
    expect(text).not.toMatch(/Home|Documentation|Download|License|Docs/);
    // A menu that is no list of links (a restaurant's dishes and prices) is text.
    const dishes = (await extract(Buffer.from('<html><body><div class="menu"><h2>Lunch</h2><p>Soup of the day: EUR 6.50</p><p>See <a href="wine.html">the wine list</a>.</p></div></body></html>'), 'html')).pages[0]!.text;
    expect(dishes).toContain('Soup of the day: EUR 6.50');
    expect(dishes).toContain('See the wine list.');
  });

  it("leaves out a heading's permalink mark and what the page marks as navigation, and keeps links with words", async () => {
    // As a Sphinx manual writes a page: a bar of links marked as navigation above and beside the text, a "¶" after each heading.
    const nav = '<div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="index.html">index</a></li><li><a href="json.html">next</a></li></ul></div>';
    const html = `<html><head><title>csv — CSV File Reading and Writing</title></head><body>${nav}<div class="body"><h1>csv — CSV File Reading and Writing<a class="headerlink" href="#module-csv">¶</a></h1>` +
      `<dl><dt id="csv.reader">csv.reader(csvfile)<a class="headerlink" href="#csv.reader" title="Permalink">¶</a></dt><dd><p>Return a reader object.</p></dd></dl>` +
      `<h2>Dialects<a class="headerlink" href="#dialects">#</a></h2><p>See <a href="#csv.reader">csv.reader</a> and <a href="#n1">[1]</a>.</p></div>` +
      `<div class="sphinxsidebar" role="navigation"><h3>Previous topic</h3><p><a href="fileformats.html">File Formats</a></p></div></body></html>`;
    const text = (await extract(Buffer.from(html), 'html')).pages[0]!.text;
    expect(text.split('\n').filter(Boolean)).toEqual(['csv — CSV File Reading and Writing', 'csv.reader(csvfile)', 'Return a reader object.', 'Dialects', 'See csv.reader and [1].']);
  });

  it("writes a definition list's terms and definitions as lines of their own", async () => {
    // As PostgreSQL's glossary and its programs' options write them: a term, then its definition; a term with an inline definition.
    const html = '<html><body><dl><dt>advisory lock</dt><dd>A lock whose meaning the application defines; see <a href="x.html">Advisory Locks</a>.</dd><dt>age, the age of a transaction ID</dt></dl>' +
      '<dl><dt>-n</dt><dd>Only show what would be done.</dd></dl></body></html>';
    const text = (await extract(Buffer.from(html), 'html')).pages[0]!.text;
    expect(text.split('\n').filter(Boolean)).toEqual(['advisory lock', 'A lock whose meaning the application defines; see Advisory Locks.', 'age, the age of a transaction ID', '-n', 'Only show what would be done.']);
  });

  it('leaves out a list or a box of links that says where things are (a table of contents, an index, a cross-reference), and keeps lists of links elsewhere or with a few linked words', async () => {
    const text = async (body: string) => (await extract(Buffer.from(`<html><body><h1>Routine Maintenance</h1>${body}<p>Vacuum regularly.</p></body></html>`), 'html')).pages[0]!.text;
    const lines = async (body: string) => (await text(body)).split('\n').filter(Boolean);
    // As PostgreSQL's chapters open: a table of contents, lists nested in a definition list.
    const toc = '<div class="toc"><p><b>Table of Contents</b></p><dl class="toc"><dt><span class="sect1"><a href="routine-vacuuming.html">25.1. Routine Vacuuming</a></span></dt>' +
      '<dd><dl><dt><span class="sect2"><a href="routine-vacuuming.html#VACUUM-BASICS">25.1.1. Vacuuming Basics</a></span></dt></dl></dd><dt><span class="sect1"><a href="routine-reindex.html">25.2. Routine Reindexing</a></span></dt></dl></div>';
    expect(await lines(toc)).toEqual(['Routine Maintenance', 'Vacuum regularly.']);
    // As SQLite's pages open: a box of blocks of links under a label, not a list.
    const box = '<div class="fancy_toc"><a onclick="toggle_toc()">&#x25ba; Table Of Contents</a><div id="toc_sub">' +
      ['#overview">1. Overview', '#vacuum">2. Vacuum', '#analyze">3. Analyze'].map((l) => `<div class="fancy-toc1"><a href="${l}</a></div>`).join('') + '</div></div>';
    expect(await lines(box)).toEqual(['Routine Maintenance', 'Vacuum regularly.']);
    // A block that says more than a label besides its links is text, and so is the chapter that holds a table of contents.
    expect(await lines(`<div>Three commands keep a database healthy: <a href="v.html">VACUUM</a>, <a href="a.html">ANALYZE</a> and <a href="r.html">REINDEX</a>.</div>`)).toContain('Three commands keep a database healthy: VACUUM, ANALYZE and REINDEX.');
    expect(await lines(`<div class="chapter">${toc}<p>Vacuum each table once a day.</p></div>`)).toEqual(['Routine Maintenance', 'Vacuum each table once a day.', 'Vacuum regularly.']);
    // A site's keyword index, and a generated cross-reference whose links show their addresses.
    expect(await lines('<ul><li><a href="autoinc.html">AUTOINCREMENT</a></li><li><a href="pragma.html#pragma_auto_vacuum">auto_vacuum pragma</a></li></ul>')).toEqual(['Routine Maintenance', 'Vacuum regularly.']);
    const crossref = ['json1.html#jtree', 'json1.html#jtype', './lang_aggfunc.html'].map((a) => `<li><a href="${a}">${a}</a> &rarr; {the ${a.split(/[#.]/)[0]} functions and their arguments}</li>`).join('');
    expect(await lines(`<ul>${crossref}</ul>`)).toEqual(['Routine Maintenance', 'Vacuum regularly.']);
    // Bookmarks and a bibliography link elsewhere: they are what the page says.
    const bookmarks = await text('<dl><dt><a href="https://www.postgresql.org/docs/">PostgreSQL manual</a></dt><dt><a href="http://example.org/vacuum">Vacuum tuning notes</a></dt></dl>');
    expect(bookmarks).toContain('PostgreSQL manual');
    expect(bookmarks).toContain('Vacuum tuning notes');
    // A list whose items link a word or two, and one or two bare addresses, is text.
    const items = await text('<ul><li>Run <a href="sql-vacuum.html">VACUUM</a> on busy tables every night, after the nightly load.</li><li>See <a href="notes.html">notes.html</a> for the schedule.</li><li>Keep the free space map large enough.</li></ul>');
    expect(items).toContain('Run VACUUM on busy tables every night, after the nightly load.');
    expect(items).toContain('See notes.html for the schedule.');
  });

  it('reads a blockquote as a block of its own, its paragraphs and tables without quote marks', async () => {
    // As SQLite's pages set their answers, examples and tables in (nested) blockquotes.
    const html = '<html><body><p>(12) I deleted a lot of data but the file did not get smaller.</p><blockquote><p>Run the VACUUM command to shrink it.</p>' +
      '<blockquote><pre>VACUUM;</pre></blockquote><table><tr><th>Setting</th><th>Meaning</th></tr><tr><td>0</td><td>Always use temporary files</td></tr><tr><td>3</td><td>Always use memory</td></tr></table></blockquote><p>Next question.</p></body></html>';
    const text = (await extract(Buffer.from(html), 'html')).pages[0]!.text;
    expect(text).not.toMatch(/^>/m);
    expect(text).toContain('\n\nRun the VACUUM command to shrink it.\n');
    expect(text).toContain('| Setting | Meaning |\n| --- | --- |\n| 0 | Always use temporary files |\n| 3 | Always use memory |');
    expect(statements(text).map((x) => x.text)).toContain('Setting: 0; Meaning: Always use temporary files.');
  });

  it('reads a table of one column whose cells stack their columns as paragraphs as the grid it lays out', async () => {
    // As PostgreSQL's catalog and function tables write them: one cell per row, a paragraph per column.
    const head = '<thead><tr><th class="func_table_entry"><p class="func_signature">Function</p><p>Description</p><p>Example(s)</p></th></tr></thead>';
    const entry = (...ps: string[]): string => `<tr><td class="func_table_entry">${ps.join('')}</td></tr>`;
    const sig = (s: string): string => `<p class="func_signature">${s}</p>`;
    const table = `<table>${head}<tbody>${entry(sig('sqrt ( numeric ) → numeric'), '<p>Square root</p>', '<p>sqrt(2) → 1.41</p>')}${entry(sig('text || anynonarray → text'), sig('anynonarray || text → text'), '<p>Converts the input to text, then concatenates.</p>', "<p>'Value: ' || 42 → Value: 42</p>", '<p>42 || text → 42text</p>')}${entry(sig('pi ( ) → double precision'), '<p>Approximate value of π</p>')}</tbody></table>`;
    const text = (await extract(Buffer.from(`<html><body><p>Math functions.</p>${table}</body></html>`), 'html')).pages[0]!.text;
    expect(text).toContain(
      "| Function | Description | Example(s) |\n| --- | --- | --- |\n| sqrt ( numeric ) → numeric | Square root | sqrt(2) → 1.41 |\n" +
        "| text \\|\\| anynonarray → text anynonarray \\|\\| text → text | Converts the input to text, then concatenates. | 'Value: ' \\|\\| 42 → Value: 42 42 \\|\\| text → 42text |\n" +
        '| pi ( ) → double precision | Approximate value of π | |',
    );
    // Map reads each row as a statement that names its columns.
    expect(statements(text).map((x) => x.text)).toContain('Function: sqrt ( numeric ) → numeric; Description: Square root; Example(s): sqrt(2) → 1.41.');
    // A one-column table of plain cells, or one whose header is one paragraph, is laid out as before.
    for (const layout of [`<table><tr><th>Note</th></tr>${entry('<p>Back up first.</p>', '<p>Then upgrade.</p>')}${entry('<p>a</p>', '<p>b</p>')}</table>`, `<table><tr><th><p>Note</p></th></tr>${entry('<p>Back up first.</p>', '<p>Then upgrade.</p>')}${entry('<p>a</p>', '<p>b</p>')}</table>`]) {
      expect((await extract(Buffer.from(`<html><body>${layout}</body></html>`), 'html')).pages[0]!.text, layout).not.toContain('|');
    }
  });

  it('writes a table or a definition list of fields (a label and its value a row) a line per field, "Label: value"', async () => {
    const page = (body: string): string => `<html><body><h1>Home insurance</h1>${body}<p>The policy renews each year.</p></body></html>`;
    const text = async (body: string): Promise<string> => (await extract(Buffer.from(page(body)), 'html')).pages[0]!.text;
    const table = '<table><tr><td>Policy number</td><td>IB-88213</td></tr><tr><th>Start date:</th><td>1 <b>January</b> 2025</td></tr></table>';
    expect(await text(table)).toContain('Policy number: IB-88213\nStart date: 1 January 2025');
    const dl = '<dl><dt>Insurer</dt><dd>Interpolis</dd><dt>Premium</dt><dd>EUR 14.20 per month</dd></dl>';
    expect(await text(dl)).toContain('Insurer: Interpolis\nPremium: EUR 14.20 per month');
    // A manual's options, whose definitions are paragraphs, and a term of a sentence's words stay as they were.
    const options = '<dl><dt>-d</dt><dd><p>Delete existing tags.</p></dd><dt>-f</dt><dd><p>Replace an existing tag.</p></dd></dl>';
    expect(await text(options)).toContain('-d\n\nDelete existing tags.');
    const sentences = '<table><tr><td>The first step is done.</td><td>Yes</td></tr><tr><td>The second step is done.</td><td>No</td></tr></table>';
    expect(await text(sentences)).not.toContain('done.:');
  });

  it('writes a data table as a pipe table, a line per row, and leaves a table without a header row laid out as before', async () => {
    const page = (body: string): string => `<html><body><p>Models we sell.</p>${body}<p>Prices include VAT.</p></body></html>`;
    const grid = `<table><thead><tr><th>Model</th><th>Noise level</th><th>Price</th></tr></thead><tbody>
      <tr><td>HP-5</td><td>48 dB</td><td>EUR 4,100</td></tr>
      <tr><td><b>HP-9</b></td><td>52<br>dB</td><td>EUR 6,900 | with kit</td></tr></tbody></table>`;
    const text = (await extract(Buffer.from(page(grid)), 'html')).pages[0]!.text;
    expect(text).toContain('| Model | Noise level | Price |\n| --- | --- | --- |\n| HP-5 | 48 dB | EUR 4,100 |\n| HP-9 | 52 dB | EUR 6,900 \\| with kit |');
    // A header cell over two rows names its column in both; a value over two rows stands in both.
    const spans = `<table><tr><th rowspan="2">Mode</th><th colspan="2">Conflicts with</th></tr><tr><th>SHARE</th><th>EXCLUSIVE</th></tr>
      <tr><td>ROW SHARE</td><td></td><td>X</td></tr><tr><td rowspan="2">EXCLUSIVE</td><td>X</td><td>X</td></tr><tr><td>X</td><td></td></tr></table>`;
    const spanText = (await extract(Buffer.from(page(spans)), 'html')).pages[0]!.text;
    expect(spanText).toContain('| Mode | Conflicts with SHARE | Conflicts with EXCLUSIVE |');
    expect(spanText).toContain('| ROW SHARE | | X |\n| EXCLUSIVE | X | X |\n| EXCLUSIVE | X | |');
    // No header row (a navigation bar), one row, or a cell that holds a table: html-to-text's layout, no pipes.
    for (const layout of [
      '<table><tr><td>Prev</td><td>Up</td><td>Next</td></tr><tr><td>Chapter 8</td><td>Home</td><td>8.2 Money</td></tr></table>',
      '<table><tr><th>Note</th></tr><tr><td>Back up first.</td></tr></table>',
      '<table><tr><th>A</th><th>B</th></tr><tr><td><table><tr><td>x</td></tr></table></td><td>y</td></tr><tr><td>z</td><td>w</td></tr></table>',
      '<table role="presentation"><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>',
    ]) {
      const laid = (await extract(Buffer.from(page(layout)), 'html')).pages[0]!.text;
      expect(laid, layout).not.toContain('|');
      expect(laid, layout).toMatch(/Prev|Note|y|1/);
    }
    // A navigation bar (short cells, half of them links): each cell a line of its own, which Map reads as a
    // title, never as a sentence run together from the titles of the pages before and after.
    const nav = '<table><tr><td><a href="a.html">Prev</a></td><td><a href="up.html">Up</a></td><td><a href="b.html">Next</a></td></tr>' +
      '<tr><td><a href="a.html">20.11. Client Connection Defaults</a></td><td><a href="index.html">Home</a></td><td><a href="b.html">20.13. Version and Platform Compatibility</a></td></tr></table>';
    const navText = (await extract(Buffer.from(`<html><body><p>These are the models we sell.</p>${nav}<p>All prices include VAT.</p></body></html>`), 'html')).pages[0]!.text;
    expect(navText).toContain('Next\n\n20.11. Client Connection Defaults\n\nHome\n\n20.13. Version and Platform Compatibility');
    expect(statements(navText).map((x) => x.text)).toEqual(['These are the models we sell.', 'All prices include VAT.']);
    // The same table without links is laid out as before.
    expect((await extract(Buffer.from(page(nav.replace(/<\/?a[^>]*>/g, ''))), 'html')).pages[0]!.text).toMatch(/20\.11\. Client Connection Defaults +Home +20\.13\./);
    // A caption stands above its table; what a table holds outside its cells (an unclosed table swallows the
    // rest of the page) is kept; a span of 99,999 columns (html-to-text's layout recursed once per column) is read.
    const captioned = (await extract(Buffer.from(page(grid.replace('<thead>', '<caption>Table 2. Heat pumps</caption><thead>'))), 'html')).pages[0]!.text;
    expect(captioned).toContain('Table 2. Heat pumps\n\n| Model | Noise level | Price |');
    const unclosed = (await extract(Buffer.from('<html><body><table><tr><td>a</td><td>b</td></tr><p>The rest of the page.</p></body></html>'), 'html')).pages[0]!.text;
    expect(unclosed).toContain('The rest of the page.');
    const wide = (await extract(Buffer.from(page('<table><tr><td colspan="99999">Wide</td></tr><tr><td>x</td></tr></table>')), 'html')).pages[0]!.text;
    expect(wide).toContain('Wide');
  });

  it('reads a page nested thousands of elements deep (html-to-text overflowed the stack) as its words in order', async () => {
    const deep = `<html><head><title>Deep page</title></head><body><p>Start.</p>${'<div>'.repeat(20_000)}<p>Deep text.</p><script>x()</script>${'</div>'.repeat(20_000)}<p>End.</p></body></html>`;
    const doc = await extract(Buffer.from(deep), 'html');
    expect(doc.title).toBe('Deep page');
    expect(doc.pages[0]!.text).toBe('Deep page\nStart.\n\nDeep text.\n\nEnd.');
  });

  it('decodes Latin-1 and UTF-16 text correctly', async () => {
    expect((await extract(docs('latin1-notes.txt'), 'text')).pages[0]!.text).toContain('café: de crème brûlée kost 7,50 euro. Façade');
    expect((await extract(docs('utf16-memo.txt'), 'text')).pages[0]!.text).toContain('the storage room key is in the blue drawer');
  });

  it('takes a Markdown title from the first heading', async () => {
    expect((await extract(docs('houtmulch.md'), 'markdown')).title).toBe('Houtmulch');
  });

  it('reads Markdown as its reader sees it: without inline marks and addresses, its blocks line for line', async () => {
    // What only looks like a mark, raw HTML and a code block stay as written.
    const asWritten = ['', 'R_LIBS_USER and SELECT * FROM t stay as written, and so does <b>html</b>.', '', '```', '**kept** [as](written)', '```'];
    const md = [
      '# Kitchen renovation',
      '',
      'The **total budget** is *EUR 18,000*, see the [quote from Keukenhuis](quotes/keukenhuis.pdf).',
      '',
      '- Contractor: [Bouwbedrijf De Vries](https://devries.example.nl)',
      '- Start date: `2026-09-01`',
      '- ![floor plan](plan.png)',
      '',
      '> The old cabinets go to the **recycling** centre.',
      '> > Ask about the sink.',
      '',
      '| Item | Price |',
      '| --- | --- |',
      '| Worktop | **EUR 2,400** |',
      ...asWritten,
    ].join('\n');
    const doc = await extract(Buffer.from(md), 'markdown');
    expect(doc.title).toBe('Kitchen renovation');
    expect(doc.pages[0]!.text).toBe([
      '# Kitchen renovation',
      '',
      'The total budget is EUR 18,000, see the quote from Keukenhuis.',
      '',
      '- Contractor: Bouwbedrijf De Vries',
      '- Start date: 2026-09-01',
      '- floor plan',
      '',
      'The old cabinets go to the recycling centre.',
      'Ask about the sink.',
      '',
      '| Item | Price |',
      '| --- | --- |',
      '| Worktop | EUR 2,400 |',
      ...asWritten,
    ].join('\n'));
    // Plain text keeps every mark: it is not Markdown.
    expect((await extract(Buffer.from('a **b** c'), 'text')).pages[0]!.text).toBe('a **b** c');
  });

  it('maps extensions to types and leaves unknown ones out', () => {
    expect(docTypeOf('/a/B.PDF')).toBe('pdf');
    expect(docTypeOf('/a/notes.markdown')).toBe('markdown');
    expect(docTypeOf('/a/main.rs')).toBe('code');
    expect(docTypeOf('/a/photo.png')).toBeUndefined();
    expect(docTypeOf('/a/Makefile')).toBeUndefined();
  });

  it('says why each broken file cannot be read', async () => {
    const cases: Array<[string, 'skipped' | 'failed', RegExp]> = [
      ['truncated.pdf', 'failed', /damaged or truncated/],
      ['encrypted.pdf', 'failed', /encrypted \(password protected\)/],
      ['scanned.pdf', 'skipped', /no text layer/],
      ['garbage.pdf', 'failed', /not a valid PDF/],
      ['not-a-zip.docx', 'failed', /not a valid Word document/],
      ['wrong-zip.docx', 'failed', /damaged or incomplete/],
      ['empty.txt', 'skipped', /empty file/],
      ['random-bytes.txt', 'skipped', /binary content/],
    ];
    for (const [name, status, reason] of cases) {
      const err = await failure(broken(name), name);
      expect({ name, status: err.status }).toEqual({ name, status });
      expect(err.reason).toMatch(reason);
    }
  });

  it('tells binary from text, and does not mistake UTF-16 for binary', () => {
    expect(looksBinary(Buffer.from([0x41, 0x00, 0x42]))).toBe(true);
    expect(looksBinary(Buffer.from('plain text\n'))).toBe(false);
    expect(looksBinary(docs('utf16-memo.txt'))).toBe(false);
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69])).text).toBe('hi');
  });
});

describe('text of mixed encodings', () => {
  it('reads a mostly UTF-8 file with a few bad bytes as UTF-8, and a Latin-1 file as Latin-1', async () => {
    const { decodeText } = await import('../../src/pipeline/index/extractors/textDecoder.js');
    const mostly = Buffer.concat([Buffer.from('Café au lait, crème brûlée, déjà vu. ', 'utf8'), Buffer.from([0xff, 0x41]), Buffer.from(' Naïve.', 'utf8')]);
    const read = decodeText(mostly);
    expect(read.text).toMatch(/^Café au lait, crème brûlée, déjà vu\. /);
    expect(read.text).toMatch(/Naïve\.$/);
    expect(read.encoding).toMatch(/^UTF-8/);
    const latin1 = decodeText(Buffer.from('Café crème, à la carte.', 'latin1'));
    expect(latin1.text.startsWith('Café cr')).toBe(true);
    expect(latin1.encoding).not.toMatch(/UTF-8/);
  });
});

describe('PDF outline placement', () => {
  const entry = (pageIndex: number, own: string, parent?: string) => ({ pageIndex, own, title: parent ? `${parent} › ${own}` : own });

  it('finds a numbered title at a line start, falls back to where the entry before it started, and ignores entries past the last page', () => {
    const pages = ['Intro text about tics.\n2.5 Diary and Echo\nThe diary command records a session.', 'More on the diary.\nOther'];
    const placed = placeSections([entry(0, 'Diary and Echo'), entry(0, 'Not Printed Anywhere'), entry(1, 'Other'), entry(7, 'Beyond')], pages);
    // The section starts at its number: "2.5" is not left behind in the previous passage.
    expect(placed[0]).toEqual([{ offset: pages[0]!.indexOf('2.5'), title: 'Not Printed Anywhere' }]);
    expect(placed[1]).toEqual([
      { offset: 0, title: 'Not Printed Anywhere' },
      { offset: pages[1]!.indexOf('Other'), title: 'Other' },
    ]);
  });

  it('reads nothing from an outline that cannot be read, and leaves out broken destinations', async () => {
    const failing: OutlineSource = { getOutline: () => Promise.reject(new Error('bad outline')), getDestination: () => Promise.resolve(null), getPageIndex: () => Promise.resolve(0) };
    expect(await readOutline(failing)).toEqual([]);
    const partly: OutlineSource = {
      getOutline: () => Promise.resolve([
        { title: ' Set-show ', dest: 'named', items: [{ title: 'Logscale', dest: [{ num: 9 }], items: [] }, { title: 'Broken', dest: 'missing', items: [] }] },
      ]),
      getDestination: (id) => Promise.resolve(id === 'named' ? [3] : null),
      getPageIndex: () => Promise.resolve(5),
    };
    expect(await readOutline(partly)).toEqual([
      { pageIndex: 3, own: 'Set-show', title: 'Set-show' },
      { pageIndex: 5, own: 'Logscale', title: 'Set-show › Logscale' },
    ]);
  });
});

describe('a pipe table as a snippet shows it', () => {
  it("is each row's cells joined by a dot, the line under the header left out, a row the snippet cut read alike, and a pipe in prose left alone", () => {
    const snippet = '…2 |\n| number + number → number | Addition | 5 + 4 → 9 |\n| --- | --- |\n| a \\| b | | **c** |\n| number * number → number | Multipl…';
    expect(rowsForReading(snippet)).toBe('…2;\nnumber + number → number · Addition · 5 + 4 → 9;\na | b · **c**;\nnumber * number → number · Multipl…');
    expect(rowsForReading('run git log | less to page through it')).toBe('run git log | less to page through it');
    expect(plainSnippet('| Name | Storage Size |\n| --- | --- |\n| bigint | 8 bytes |', ['bigint'])).toBe('Name · Storage Size; **bigint** · 8 bytes;');
  });
});

describe('a pipe table as the encoder reads it', () => {
  it('is its cells in order, a row per line, without the pipes and the line under the header', () => {
    const text = 'Numeric types.\n| Name | Storage Size |\n| --- | --- |\n| bigint | 8 bytes |\n| a \\| b | c |\nThe end | of it.';
    expect(embeddingText('types.html — Numeric Types', text)).toBe('Numeric Types. Numeric types.\nName Storage Size\nbigint 8 bytes\na | b c\nThe end | of it.');
  });
});
