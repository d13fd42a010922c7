#!/usr/bin/env node
// Draws the app and tray icons (PNG) from the renderer's SVG logo with Debian's Chromium, once;
// the PNGs are committed (src/main/assets), so builds do not need a browser.
//   node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('src/renderer/public/favicon.svg', 'utf8');
// macOS tray icons are "template" images: black on transparent, tinted by the system.
const template = svg.replace('fill="#1f5fbf"', 'fill="#000"').replace(/stroke="#fff"/g, 'stroke="#000"').replace('<rect', '<rect fill-opacity="0"').replace(/fill="#fff"/g, 'fill="#000"');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const [file, size, source] of [
  ['icon.png', 512, svg],
  ['tray.png', 32, svg],
  ['trayTemplate.png', 16, template],
  ['trayTemplate@2x.png', 32, template],
]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: `src/main/assets/${file}`, omitBackground: true });
}
await browser.close();
