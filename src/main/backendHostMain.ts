/**
 * The index process's entry (an Electron utility process started by main.ts): the back end with
 * its indexing, encoder and LLM, off the main process, so no window ever waits on them.
 */
import type {} from 'electron'; // process.parentPort's type
import { Backend } from '../server/backend.js';
import { hostBackend } from './backendHost.js';

const config = JSON.parse(process.env.DOCENT_HOST_CONFIG ?? '{}') as { dbPath: string; settingsPath: string; modelsDir: string };
const parent = process.parentPort;

const { closed } = await hostBackend(
  { postMessage: (m) => parent.postMessage(m), onMessage: (listener) => parent.on('message', (e) => listener(e.data)) },
  (openFile) => Backend.open({ ...config, openFile }),
);
await closed;
process.exit(0);
