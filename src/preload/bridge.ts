import type { IpcRendererEvent } from 'electron';
import type { Command, DesktopBridge } from '../shared/desktop.js';
import { IPC } from '../shared/ipcNames.js';

/** The parts of Electron's ipcRenderer the bridge uses. */
export interface PreloadIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void): unknown;
}

/**
 * `window.docent` (DesktopBridge): requests go to the main process, which checks the sender and
 * validates every payload; events and commands come back. Nothing else of Electron or Node is
 * reachable from the page.
 */
export function makeBridge(ipc: PreloadIpc, pathOf: (file: File) => string): DesktopBridge {
  const subscribe = (channel: string, pick: (args: unknown[]) => void): (() => void) => {
    const handler = (_e: IpcRendererEvent, ...args: unknown[]): void => pick(args);
    ipc.on(channel, handler);
    return () => void ipc.removeListener(channel, handler);
  };
  return {
    request: (channel, args) => ipc.invoke(IPC.call, channel, args) as never,
    desktop: (channel, args) => ipc.invoke(IPC.desktop, channel, args) as never,
    on: (event, listener) =>
      subscribe(IPC.event, ([name, payload]) => {
        if (name === event) listener(payload as never);
      }),
    onCommand: (listener) => subscribe(IPC.command, ([command]) => listener(command as Command)),
    pathForFile: (file) => {
      try {
        return pathOf(file);
      } catch {
        return '';
      }
    },
  };
}

