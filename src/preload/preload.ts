/**
 * The preload: the only bridge between Docent's sandboxed pages and the app. It puts
 * `window.docent` (src/preload/bridge.ts) on the page and nothing else.
 *
 * A sandboxed preload can require only 'electron': this file is bundled into one CommonJS file
 * (scripts/build-preload.mjs), with electron left as the only require.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { makeBridge } from './bridge.js';

contextBridge.exposeInMainWorld('docent', makeBridge(ipcRenderer, (file) => webUtils.getPathForFile(file)));
// A file dropped where the page does not take it must not replace the page.
window.addEventListener('dragover', (e) => e.preventDefault());
window.addEventListener('drop', (e) => e.preventDefault());
