import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend } from '../../src/server/backend.js';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { FIXTURES, REPO, tempDir } from '../helpers/tmp.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = join(REPO, 'test-results', 'screenshots');

let t: ReturnType<typeof tempDir>;
let backend: Backend;
let server: RunningServer;
let browser: Browser;
let page: Page;
let docs: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  t = tempDir();
  // The real renderer, built as it ships.
  const out = join(t.dir, 'renderer');
  await build({ configFile: join(REPO, 'vite.config.ts'), logLevel: 'warn', build: { outDir: out, emptyOutDir: true, sourcemap: false } });
  docs = join(t.dir, 'My Documents');
  cpSync(join(FIXTURES, 'docs'), docs, { recursive: true });
  cpSync(join(FIXTURES, 'broken'), join(docs, 'broken'), { recursive: true });
  // An identical copy in another folder: one result that names the copy, never the same passage twice.
  cpSync(join(FIXTURES, 'docs', 'heat-pump-manual.pdf'), join(docs, 'backup', 'heat-pump-manual.pdf'), { recursive: true });
  backend = await Backend.open({ dbPath: join(t.dir, 'index.sqlite'), settingsPath: join(t.dir, 'settings.json'), modelsDir: join(t.dir, 'models'), watch: false });
  server = await startServer({ backend, staticDir: out });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
  page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await backend?.close();
  t?.cleanup();
});

const shot = (name: string): Promise<Buffer> => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

describe('the app in Chromium, against docent serve on a fixture folder', () => {
  it('loads with the token from the address, under its Content-Security-Policy, and forgets the token from the address', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const res = await page.goto(server.openUrl);
    expect(res!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await expect.poll(() => page.getByRole('tab', { name: 'Search' }).isVisible()).toBe(true);
    expect(page.url()).not.toMatch(/token/);
    expect(errors).toEqual([]);
  });

  it('says what to do on the first run, and takes the user to adding a folder', async () => {
    const welcome = page.getByRole('region', { name: 'Getting started' });
    await welcome.waitFor();
    expect(await welcome.getByRole('heading').innerText()).toBe('Docent answers from your own files, on this computer.');
    expect(await welcome.locator('li').allInnerTexts()).toEqual([
      'Add a folder Docent reads its PDFs, Word files, web pages, Markdown and text, and keeps up as they change.',
      'Search as you type (Alt+1), or ask in the chat (Alt+2): every answer names the file and page it comes from, and follow-ups such as “and the price?” continue the conversation.',
      'In the desktop app, a hotkey opens the search launcher from any app.',
    ]);
    await shot('0a-first-run');
    await welcome.getByRole('button', { name: 'Add a folder' }).click();
    await page.getByLabel('Folder path').waitFor();
    expect(await page.getByRole('tab', { name: 'Folders', selected: true }).count()).toBe(1);
  });

  it('says what is wrong with a folder typed wrong, as an error, and clears it with the next try', async () => {
    await page.getByRole('tab', { name: 'Folders' }).click();
    const field = page.getByLabel('Folder path');
    const add = page.getByRole('button', { name: 'Add folder' });
    const alert = page.locator('.folders').getByRole('alert');
    await add.click();
    await expect.poll(() => alert.innerText()).toBe('Type the path of a folder first (for example ~/Documents).');
    await field.fill(join(docs, 'no-such-folder'));
    await add.click();
    await expect.poll(() => alert.innerText()).toMatch(/^There is no folder at .*no-such-folder\. Check the spelling of the path\.$/);
    await field.fill(join(docs, 'houtmulch.md'));
    await add.click();
    await expect.poll(() => alert.innerText()).toMatch(/houtmulch\.md is a file, not a folder\. Add the folder that holds it\.$/);
    // Styled as an error (the theme's danger colour), not as the grey status line.
    expect(await alert.getAttribute('class')).toBe('status-line error');
    expect(await alert.evaluate((e) => getComputedStyle(e).color)).toBe(await page.evaluate(() => { const probe = document.createElement('span'); probe.style.color = 'var(--danger)'; document.body.append(probe); const c = getComputedStyle(probe).color; probe.remove(); return c; }));
    await shot('0-folder-errors');
  });

  it('adds a folder and shows progress reach done, with the broken files listed and why', async () => {
    await page.getByRole('tab', { name: 'Folders' }).click();
    await page.getByLabel('Folder path').fill(docs);
    await page.getByRole('button', { name: 'Add folder' }).click();
    const folder = page.getByRole('article', { name: docs });
    await folder.getByText('Up to date').waitFor({ timeout: 90_000 });
    // Done: the index's own counts, each figure once.
    await expect.poll(() => folder.locator('.counts').innerText()).toMatch(/^\d+ indexed · \d+ skipped · \d+ failed · [\d,]+ passages$/);
    expect(await folder.locator('.progress').count()).toBe(0);
    const problems = folder.getByRole('table');
    await problems.waitFor();
    const rows = await problems.locator('tbody tr').allInnerTexts();
    expect(rows.some((r) => /truncated\.pdf\s+failed\s+\S+/.test(r))).toBe(true);
    expect(rows.every((r) => r.split('\t').length === 3 && r.split('\t')[2]!.trim().length > 5)).toBe(true);
    await shot('1-folders');
  }, 120_000);

  it('searches from the launcher as you type; arrows and Enter open the file', async () => {
    await page.keyboard.press('Alt+1');
    // With a folder added, the first-run guide has done its work; with its vectors made, so has the note that they are being made.
    await expect.poll(() => page.getByRole('region', { name: 'Getting started' }).count()).toBe(0);
    expect(await page.locator('.vectors-note').count()).toBe(0);
    const input = page.getByRole('searchbox', { name: 'Search your files' });
    await input.fill('heat pump warranty');
    const first = page.getByRole('option').first();
    await expect.poll(() => first.innerText(), { timeout: 10_000 }).toMatch(/heat-pump-manual\.pdf/);
    const results = await page.getByRole('option').allInnerTexts();
    expect(results.filter((r) => /warranty period is 7 years/.test(r))).toHaveLength(1);
    const warranty = page.getByRole('option').filter({ hasText: 'warranty period is 7 years' });
    const copies = [join(docs, 'heat-pump-manual.pdf'), join(docs, 'backup', 'heat-pump-manual.pdf')];
    // Where it lies under the indexed folder ("docs", "docs › backup"), its full path on hover.
    const where = warranty.locator('.result-path').first();
    const shown = (await where.getAttribute('title'))!;
    expect(copies).toContain(shown);
    const place = (path: string): string => (path.includes('backup') ? `${basename(docs)} › backup` : basename(docs));
    expect(await where.innerText()).toBe(place(shown));
    expect(await warranty.locator('.also-in').innerText()).toBe(`Also in ${place(copies.find((c) => c !== shown)!)}`);
    await shot('2-launcher');
    const popup = page.waitForEvent('popup');
    await input.press('Enter');
    const opened = await popup;
    expect(opened.url()).toMatch(/\/files\/\d+\/heat-pump-manual\.pdf\?token=/);
    await opened.close();
  });

  it('offers the word of the files for a word that none has, and searches it when chosen', async () => {
    const input = page.getByRole('searchbox', { name: 'Search your files' });
    await input.fill('houtmulsh prijs');
    const suggestion = page.getByRole('button', { name: 'houtmulch prijs' });
    await suggestion.waitFor({ timeout: 10_000 });
    expect(await page.locator('.did-you-mean').innerText()).toBe('Did you mean houtmulch prijs?');
    await shot('2b-launcher-did-you-mean');
    await suggestion.click();
    expect(await input.inputValue()).toBe('houtmulch prijs');
    await expect.poll(() => page.getByRole('option').first().innerText(), { timeout: 10_000 }).toMatch(/houtmulch\.md/);
    // The words of the files: nothing to suggest.
    await expect.poll(() => page.locator('.did-you-mean').count(), { timeout: 10_000 }).toBe(0);
    await input.fill('');
  });

  it('asks, follows up with the rewrite chip shown, and cites the file and page', async () => {
    await page.keyboard.press('Alt+2');
    const box = page.getByRole('textbox', { name: 'Your question' });
    // Every line shown while a question is worked on, recorded as it appears.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { workingLines: string[] }).workingLines = seen;
      new MutationObserver(() => document.querySelectorAll('.working').forEach((e) => seen.push(e.textContent ?? ''))).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await box.fill('Wat is houtmulch?');
    await box.press('Enter');
    await page.locator('.turn').nth(0).locator('.answer').waitFor({ timeout: 30_000 });
    const working = await page.evaluate(() => (window as unknown as { workingLines: string[] }).workingLines);
    expect(working.length).toBeGreaterThan(0);
    // Words for people, never the stages' internal names ("plan: semantic_search").
    for (const line of working) expect(line).toMatch(/^(Reading your question|Deciding where to look|Searching your files|Reading the passages found|Counting|Weighing what they say|Writing the answer|Checking the answer)…$/);
    await box.fill('en de prijs?');
    await box.press('Enter');
    const second = page.locator('.turn').nth(1);
    await second.locator('.answer').waitFor({ timeout: 30_000 });
    expect(await second.locator('.chip').innerText()).toMatch(/Searched for: Wat is de prijs van houtmulch\?.*\(from your conversation\)/);
    // The related term searched beside "prijs" is shown with the question.
    expect((await second.locator('.chip-added').innerText()).trim()).toBe('+ kosten');
    expect(await second.locator('.answer-text').innerText()).toMatch(/45 euro per kuub/);
    expect(await second.locator('.citations .cite-chip').first().innerText()).toBe('houtmulch.md');
    // The answer reads as text: its citation mark is a chip that names the file, the cited sentence on hover, and is not repeated.
    const mark = second.locator('.answer-text .cite-chip');
    expect(await mark.innerText()).toBe('houtmulch.md');
    // On hover, the cited sentence marked in the text around it in its passage; Escape hides it.
    await mark.hover();
    const context = second.locator('.answer-text [role="tooltip"]');
    await context.waitFor();
    expect(await context.locator('mark').innerText()).toMatch(/45 euro per kuub/);
    expect((await context.innerText()).length).toBeGreaterThan((await context.locator('mark').innerText()).length);
    expect(await mark.getAttribute('aria-describedby')).toBe(await context.getAttribute('id'));
    await shot('3-chat-cited-in-context');
    await mark.focus();
    await mark.press('Escape');
    await context.waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    expect(await second.locator('.answer-text').innerText()).not.toMatch(/\[houtmulch\.md\]/);
    expect((await second.innerText()).split('45 euro per kuub')).toHaveLength(2);
    await box.fill('How long is the warranty period of the heat pump?');
    await box.press('Enter');
    const third = page.locator('.turn').nth(2);
    await third.locator('.answer').waitFor({ timeout: 30_000 });
    expect(await third.locator('.citations .cite-chip').first().innerText()).toBe('heat-pump-manual.pdf p.3');
    // A citation opens its page, in a tab titled by the file's name.
    const popup = page.waitForEvent('popup');
    await third.locator('.answer-text .cite-chip').first().click();
    const cited = await popup;
    expect(cited.url()).toMatch(/\/files\/\d+\/heat-pump-manual\.pdf\?token=[^#]+#page=3$/);
    await cited.close();
    // A new subject in the same chat: nothing of the conversation is searched, and the chip says so.
    const chip = await third.locator('.chip').innerText();
    expect(chip).toMatch(/^Searched for: How long is the warranty period of the heat pump\?/);
    expect(chip).not.toMatch(/from your conversation|houtmulch/i);
    await shot('3-chat');
  }, 90_000);

  it('takes at most 2,000 characters in the chat and in the launcher alike, and says so as the limit nears', async () => {
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill('x'.repeat(1700));
    expect(await page.locator('#question-length').innerText()).toBe('1,700 / 2,000');
    await box.fill('y'.repeat(2500));
    expect(await box.inputValue()).toHaveLength(2000);
    expect(await page.locator('#question-length').innerText()).toBe('2,000 / 2,000: the limit (anything longer was cut)');
    await shot('3b-limit');
    await box.fill('');
    expect(await page.locator('#question-length').count()).toBe(0);
    await page.keyboard.press('Alt+1');
    const search = page.getByRole('searchbox', { name: 'Search your files' });
    await search.fill('z'.repeat(2500));
    expect(await search.inputValue()).toHaveLength(2000);
    expect(await page.locator('#launcher-length').innerText()).toMatch(/^2,000 \/ 2,000/);
    await search.fill('');
    await page.keyboard.press('Alt+2');
  });

  it('edits the rewrite chip, and the search runs again with the edited words', async () => {
    const second = page.locator('.turn').nth(1);
    await second.locator('.chip').click();
    const edit = page.getByRole('textbox', { name: 'Search for' });
    await edit.fill('hoe dik houtmulch laag');
    await edit.press('Enter');
    const fourth = page.locator('.turn').nth(3);
    await fourth.locator('.answer').waitFor({ timeout: 30_000 });
    expect(await fourth.locator('.chip').innerText()).toMatch(/Searched for: hoe dik houtmulch laag/);
    expect(await fourth.locator('.answer-text').innerText()).toMatch(/5 tot 7 centimeter/);
  }, 60_000);

  it('keeps the conversation through a reload, continues it, and renames and deletes it from the list', async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Chat' }).click();
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const current = list.locator('[aria-current="true"]');
    await expect.poll(() => current.count(), { timeout: 10_000 }).toBe(1);
    expect(await current.innerText()).toMatch(/^Wat is houtmulch\? · 4 questions$/);
    await expect.poll(() => page.locator('.turn .question').allInnerTexts()).toEqual(['Wat is houtmulch?', 'en de prijs?', 'How long is the warranty period of the heat pump?', 'en de prijs?']);
    expect(await page.locator('.turn').nth(1).locator('.answer-text').innerText()).toMatch(/45 euro per kuub/);
    // A kept answer reads as it did: its citation a chip (not "[houtmulch.md]"), its sources listed.
    expect(await page.locator('.turn').nth(1).locator('.answer-text').innerText()).not.toMatch(/\[houtmulch\.md\]/);
    expect(await page.locator('.turn').nth(1).locator('.citations .cite-chip').first().innerText()).toBe('houtmulch.md');
    // The next question continues the same conversation, its history read from the index.
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill('hoe dik moet de laag zijn?');
    await box.press('Enter');
    const fifth = page.locator('.turn').nth(4);
    await fifth.locator('.answer').waitFor({ timeout: 30_000 });
    expect(await fifth.locator('.answer-text').innerText()).toMatch(/5 tot 7 centimeter/);
    await expect.poll(() => current.innerText()).toMatch(/· 5 questions$/);
    await shot('3c-conversations');
    await list.getByRole('button', { name: 'Rename “Wat is houtmulch?”' }).click();
    const title = list.getByRole('textbox', { name: 'New title' });
    await title.fill('Houtmulch voor de tuin');
    await title.press('Enter');
    await expect.poll(() => current.innerText()).toMatch(/^Houtmulch voor de tuin · 5 questions$/);
    await list.getByRole('button', { name: 'Delete “Houtmulch voor de tuin”' }).click();
    await expect.poll(() => list.innerText()).not.toMatch(/Houtmulch voor de tuin/);
    expect(await page.locator('.turn').count()).toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Chat' }).click();
    await page.getByRole('textbox', { name: 'Your question' }).waitFor();
    expect(await page.locator('.turn').count()).toBe(0);
  }, 90_000);

  it('walks the conversation list by keyboard: Alt+N, arrows, Enter, F2, and the focus kept after a rename and a delete', async () => {
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const conversations = list.locator('button.conversation-open');
    for (const [i, q] of ['Wat is houtmulch?', 'How long is the warranty period of the heat pump?'].entries()) {
      await page.keyboard.press('Alt+N');
      // A new chat, the question field ready for typing.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Your question');
      expect(await page.locator('.turn').count()).toBe(0);
      await page.keyboard.type(q);
      await page.keyboard.press('Enter');
      await page.locator('.turn').first().locator('.answer').waitFor({ timeout: 30_000 });
      await expect.poll(() => conversations.count()).toBe(i + 1);
    }
    const focused = (): Promise<string | null | undefined> => page.evaluate(() => document.activeElement?.textContent);
    await conversations.first().focus();
    const [first, second] = await conversations.allInnerTexts();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(second);
    await page.keyboard.press('Enter');
    await expect.poll(() => list.locator('[aria-current="true"]').innerText()).toBe(second);
    await expect.poll(() => page.locator('.turn .question').first().innerText()).toBe(second!.replace(/ · 1 question$/, ''));
    await page.keyboard.press('Home');
    expect(await focused()).toBe(first);
    await page.keyboard.press('End');
    await page.keyboard.press('F2');
    const title = list.getByRole('textbox', { name: 'New title' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('New title');
    await title.fill('Mulch');
    await page.keyboard.press('Enter');
    // Renamed, and the keyboard is back on it.
    await expect.poll(() => focused()).toBe('Mulch · 1 question');
    await page.keyboard.press('F2');
    await page.keyboard.press('Escape');
    await expect.poll(() => focused()).toBe('Mulch · 1 question');
    await shot('3d-conversations-keyboard');
    // Deleting one moves the keyboard to the one left; deleting that leaves the list empty.
    await list.getByRole('button', { name: 'Delete “Mulch”' }).click();
    await expect.poll(() => conversations.count()).toBe(1);
    await expect.poll(() => focused()).toBe(await conversations.first().innerText());
    await list.getByRole('button', { name: /^Delete/ }).click();
    await expect.poll(() => conversations.count()).toBe(0);
    await page.keyboard.press('Alt+N');
  }, 120_000);

  it('shows a list answer as a list, each file named once, no Markdown marks', async () => {
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill('how many PDFs?');
    await box.press('Enter');
    const turn = page.locator('.turn').first();
    await turn.locator('.answer').waitFor({ timeout: 30_000 });
    const text = turn.locator('.answer-text');
    const n = Number(/There are (\d+) PDF files:/.exec(await text.innerText())?.[1]);
    const items = await text.locator('li').allInnerTexts();
    expect(items).toHaveLength(n);
    for (const item of items) expect(item).toMatch(/^[\w.-]+\.pdf \(\d{4}-\d{2}-\d{2}\)$/);
    expect(await text.innerText()).not.toMatch(/^- /m);
    await shot('3d-list-answer');
  }, 60_000);

  it('says which word no file has in a not-found answer, with the word of the files it is likeliest a slip of', async () => {
    await page.keyboard.press('Alt+N');
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill('houtmulsh');
    await box.press('Enter');
    const turn = page.locator('.turn').first();
    await turn.locator('.answer.not-found').waitFor({ timeout: 30_000 });
    expect(await turn.locator('.note').allInnerTexts()).toContain('No file mentions “houtmulsh” (did you mean “houtmulch”?).');
    // The nearest passages once, as cards under their title, not once more as the text's list.
    expect(await turn.locator('.answer-text').innerText()).toBe('Your files do not seem to contain the answer to this.');
    expect(await turn.locator('.nearest-title').innerText()).toBe('The nearest passages:');
    expect(await turn.locator('.nearest li').count()).toBeGreaterThan(0);
    for (const card of await turn.locator('.nearest li').allInnerTexts()) expect(card).not.toMatch(/(^|\s)#+\s/);
    await shot('3e-not-found');
    // The question asked again with the word of the files.
    await turn.getByRole('button', { name: 'Ask “houtmulch” instead' }).click();
    const next = page.locator('.turn').nth(1);
    await next.locator('.answer').waitFor({ timeout: 30_000 });
    expect(await next.locator('.question').innerText()).toBe('houtmulch');
    expect(await next.locator('.answer').getAttribute('class')).toBe('answer');
  }, 60_000);

  it('opens the settings, saves them, and shows the models folder', async () => {
    await page.keyboard.press('Alt+4');
    // A browser tab cannot take a global hotkey: no field that would do nothing, but where it is.
    await page.locator('.launcher-note').waitFor();
    expect(await page.locator('.launcher-note').innerText()).toBe('In the browser, the launcher is the Search tab (Alt+1). The desktop app adds a global hotkey (CommandOrControl+Shift+Space) that opens it from any app; set it there.');
    expect(await page.getByLabel('Hotkey').count()).toBe(0);
    const maxSize = page.getByLabel('Skip files larger than (MB)');
    await maxSize.fill('250');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = await backend.handle('settings:get', {});
    expect(saved).toMatchObject({ ok: true, result: { hotkey: 'CommandOrControl+Shift+Space', maxFileMB: 250 } });
    await page.getByRole('heading', { name: 'Installed models' }).waitFor();
    await shot('4-settings');
  });

  it('has no serious or critical accessibility violation in any view, in the light and the dark theme (axe-core, WCAG 2 AA)', async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const view of ['Search', 'Chat', 'Folders', 'Settings']) {
        await page.getByRole('tab', { name: view }).click();
        await page.getByRole('tab', { name: view, selected: true }).waitFor();
        // Evaluated through the browser's debugging protocol, which the page's CSP does not govern.
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          const r = await (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
          return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        });
        found.push(...violations.map((v) => `${scheme} ${view}: ${v}`));
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(found).toEqual([]);
  }, 60_000);
});
