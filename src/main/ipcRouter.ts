import { isChannel, parseArgs, parseRequest, type ApiError, type Channel } from '../shared/api.js';
import { desktopChannels, isDesktopChannel, type DesktopChannel, type DesktopResultOf, type DropResult, type Reply } from '../shared/desktop.js';
import type { HandleResult } from '../server/backend.js';
import { planDrop, nodeDropFs, type DropFs } from './drop.js';
import type { BindResult } from './hotkey.js';

/** The scheme and host the app's own pages are served from (see appProtocol). */
export const APP_SCHEME = 'docent';
export const APP_HOST = 'app';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/`;

/**
 * Whether a request comes from one of Docent's own pages: the frame's address must be on the
 * app's scheme and host. Anything else (a page some link navigated to, an iframe, a devtools
 * extension) is refused, so a stray page cannot drive the API.
 */
export function isAppFrame(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

export interface DesktopActions {
  pickFolder(): Promise<string | null>;
  pickModelFile(): Promise<string | null>;
  hideLauncher(): void;
  openChat(question: string): void;
}

export interface RouterDeps {
  backend: { call(channel: string, args: unknown): Promise<HandleResult> };
  hotkey: { bind(raw: string): BindResult; readonly current: string | undefined };
  actions: DesktopActions;
  dropFs?: DropFs;
}

const refused: { ok: false; error: ApiError } = {
  ok: false,
  error: { error: 'request refused: it did not come from a Docent window', code: 'forbidden' },
};

/**
 * What the main process's IPC handlers do: check the sender, validate the payload against the
 * shared schemas, then pass API calls to the index process and run desktop actions here. A
 * hotkey change is registered before it is saved, so a taken combination is refused with the
 * reason and the working one stays.
 */
export function createIpcRouter(deps: RouterDeps) {
  async function api(frameUrl: string | undefined, channel: unknown, raw: unknown): Promise<HandleResult> {
    if (!isAppFrame(frameUrl)) return refused;
    if (!isChannel(channel)) return { ok: false, error: { error: `unknown request "${String(channel).slice(0, 60)}"`, code: 'not_found' } };
    const parsed = parseArgs(channel, raw);
    if (!parsed.ok) return parsed;
    if (channel === 'settings:set') return setSettings(parsed.args as { hotkey?: string });
    return deps.backend.call(channel, parsed.args);
  }

  async function setSettings(args: { hotkey?: string }): Promise<HandleResult> {
    const before = deps.hotkey.current;
    if (args.hotkey !== undefined) {
      const bound = deps.hotkey.bind(args.hotkey);
      if (!bound.ok) return { ok: false, error: { error: bound.error, ...(bound.hint ? { hint: bound.hint } : {}), code: 'invalid' } };
    }
    const r = await deps.backend.call('settings:set' satisfies Channel, args);
    // Not saved: the hotkey goes back to the one the settings still name.
    if (!r.ok && args.hotkey !== undefined && before) deps.hotkey.bind(before);
    return r;
  }

  async function drop(paths: string[]): Promise<DropResult> {
    const plan = planDrop(paths, deps.dropFs ?? nodeDropFs);
    const result: DropResult = { folders: [], models: [], refused: [...plan.refused] };
    const add = async (channel: 'index:addFolder' | 'models:add', path: string, into: string[]): Promise<void> => {
      const r = await deps.backend.call(channel, { path });
      if (r.ok) into.push(channel === 'models:add' ? (r.result as { name: string }).name : path);
      else result.refused.push({ path, reason: `${r.error.error}${r.error.hint ? ` ${r.error.hint}` : ''}` });
    };
    for (const path of plan.folders) await add('index:addFolder', path, result.folders);
    for (const path of plan.models) await add('models:add', path, result.models);
    return result;
  }

  async function desktop<C extends DesktopChannel>(frameUrl: string | undefined, channel: unknown, raw: unknown): Promise<Reply<DesktopResultOf<C>>> {
    if (!isAppFrame(frameUrl)) return refused;
    if (!isDesktopChannel(channel)) return { ok: false, error: { error: `unknown request "${String(channel).slice(0, 60)}"`, code: 'not_found' } };
    const parsed = parseRequest(desktopChannels[channel].args, channel, raw);
    if (!parsed.ok) return parsed;
    const args = parsed.args as Record<string, unknown>;
    try {
      let result: unknown = null;
      if (channel === 'app:pickFolder') result = await deps.actions.pickFolder();
      else if (channel === 'app:pickModelFile') result = await deps.actions.pickModelFile();
      else if (channel === 'app:hideLauncher') deps.actions.hideLauncher();
      else if (channel === 'app:openChat') deps.actions.openChat(args.question as string);
      else if (channel === 'app:drop') result = await drop(args.paths as string[]);
      return { ok: true, result: result as DesktopResultOf<C> };
    } catch (err) {
      return { ok: false, error: { error: (err as Error).message, code: 'failed' } };
    }
  }

  return { api, desktop };
}
