import { z } from 'zod';
import type { ApiError, Channel, EventName, EventOf, ResultOf } from './api.js';

/**
 * What only the desktop app can do, beside the API of `api.ts`: native dialogs, the launcher
 * window, drops that carry real paths. Each request is validated in the main process against
 * these schemas, like the API's channels. Plain data only: the renderer imports this too.
 */

const path = z.string().min(1).max(4096).refine((p) => !p.includes('\0'), 'a path cannot contain a NUL character');

export const DropResultSchema = z.object({
  /** Folders added to the index (indexing has started). */
  folders: z.array(z.string()),
  /** Model files added to the models folder. */
  models: z.array(z.string()),
  /** What was dropped and not taken, with why. */
  refused: z.array(z.object({ path: z.string(), reason: z.string() })),
});
export type DropResult = z.infer<typeof DropResultSchema>;

export const desktopChannels = {
  /** The system's folder picker; null when the user cancels. */
  'app:pickFolder': { args: z.object({}).strict(), result: z.string().nullable() },
  /** The system's file picker for a model file (.gguf); null when the user cancels. */
  'app:pickModelFile': { args: z.object({}).strict(), result: z.string().nullable() },
  'app:hideLauncher': { args: z.object({}).strict(), result: z.null() },
  /** From the launcher: the main window's chat, asking this question. */
  'app:openChat': { args: z.object({ question: z.string().trim().min(1).max(2000) }).strict(), result: z.null() },
  /** Paths dropped on a window: folders are indexed, model files installed, the rest refused with why. */
  'app:drop': { args: z.object({ paths: z.array(path).min(1).max(100) }).strict(), result: DropResultSchema },
} as const;

export type DesktopChannel = keyof typeof desktopChannels;
export type DesktopArgsOf<C extends DesktopChannel> = z.input<(typeof desktopChannels)[C]['args']>;
export type DesktopResultOf<C extends DesktopChannel> = z.output<(typeof desktopChannels)[C]['result']>;

export const isDesktopChannel = (name: unknown): name is DesktopChannel => typeof name === 'string' && Object.hasOwn(desktopChannels, name);

/** What the main process tells a window to do (the launcher asked for the chat, the tray for a view). */
export const CommandSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ask'), question: z.string() }),
  z.object({ kind: z.literal('view'), view: z.enum(['search', 'chat', 'folders', 'settings']) }),
]);
export type Command = z.infer<typeof CommandSchema>;

export type Reply<T> = { ok: true; result: T } | { ok: false; error: ApiError };

export { IPC } from './ipcNames.js';

/**
 * What the preload puts on `window.docent`. Requests resolve to a Reply rather than throwing:
 * an Error that crosses the context bridge keeps only its message, and the hint matters.
 */
export interface DesktopBridge {
  request<C extends Channel>(channel: C, args: unknown): Promise<Reply<ResultOf<C>>>;
  desktop<C extends DesktopChannel>(channel: C, args: DesktopArgsOf<C>): Promise<Reply<DesktopResultOf<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void;
  onCommand(listener: (command: Command) => void): () => void;
  /** The absolute path of a dropped file or folder ('' when it has none, e.g. dragged from a web page). */
  pathForFile(file: File): string;
}
