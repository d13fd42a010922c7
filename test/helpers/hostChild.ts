/**
 * The index process as a plain forked Node child (Electron's utility process cannot start on the
 * build machines): the same host code, with process.send/on('message') for parentPort.
 */
import { hostBackend } from '../../src/main/backendHost.js';
import { Backend } from '../../src/server/backend.js';

const config = JSON.parse(process.env.DOCENT_HOST_CONFIG ?? '{}') as { dbPath: string; settingsPath: string; modelsDir: string };
const { closed } = await hostBackend(
  { postMessage: (m) => process.send!(m), onMessage: (listener) => process.on('message', listener) },
  (openFile) => Backend.open({ ...config, openFile, vectors: false, watch: false }),
);
await closed;
process.exit(0);
