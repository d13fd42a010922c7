import { ApiErrorSchema, confidenceLevel, type ArgsOf, type Channel, type DocentApi, type EventName, type EventOf, type ResultOf } from '../shared/api';
import type { DesktopArgsOf, DesktopBridge, DesktopChannel, DesktopResultOf, Reply } from '../shared/desktop';
import { capitalise } from '../shared/words';

declare global {
  interface Window {
    docent?: DesktopBridge;
  }
}

/** A request the back end refused or could not do: what happened, and what to do. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/**
 * The API over loopback HTTP (browser mode): the token comes in the address's fragment the first
 * time, is kept for this tab only, and goes with every request; events arrive as server-sent events.
 */
function httpClient(): DocentApi {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token');
  if (fromHash) {
    sessionStorage.setItem('docent-token', fromHash);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const token = sessionStorage.getItem('docent-token') ?? '';
  let source: EventSource | undefined;
  return {
    async call<C extends Channel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>> {
      const res = await fetch(`/api/${channel}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(args) });
      const body: unknown = await res.json().catch(() => ({}));
      if (!res.ok) {
        const e = ApiErrorSchema.safeParse(body);
        throw new ApiFailure(e.success ? e.data.error : `request failed (HTTP ${res.status})`, e.success ? e.data.hint : undefined);
      }
      return body as ResultOf<C>;
    },
    on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
      source ??= new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
      const handler = (e: MessageEvent<string>): void => listener(JSON.parse(e.data) as EventOf<E>);
      source.addEventListener(event, handler as EventListener);
      return () => source?.removeEventListener(event, handler as EventListener);
    },
  };
}

function unwrap<T>(reply: Reply<T>): T {
  if (reply.ok) return reply.result;
  throw new ApiFailure(reply.error.error, reply.error.hint);
}

/** The API over Electron's IPC, through the preload's bridge. */
function ipcClient(bridge: DesktopBridge): DocentApi {
  return {
    call: async <C extends Channel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>> => unwrap(await bridge.request(channel, args)),
    on: (event, listener) => bridge.on(event, listener),
  };
}

export const desktop: DesktopBridge | undefined = window.docent;
export const api: DocentApi = desktop ? ipcClient(desktop) : httpClient();

/** What only the desktop app can do (pickers, the launcher window, drops with paths). */
export async function desktopCall<C extends DesktopChannel>(channel: C, args: DesktopArgsOf<C>): Promise<DesktopResultOf<C>> {
  if (!desktop) throw new ApiFailure('only the desktop app can do this');
  return unwrap(await desktop.desktop(channel, args));
}

/** A failure as one line: what happened, then what to do. */
/** A failure as a sentence for people: what happened, capitalised and closed, then what to do. */
export const failureText = (err: unknown): string => {
  const message = err instanceof ApiFailure ? err.message : String((err as Error)?.message ?? err);
  // Capitalised when it opens with a plain word ("there is no folder …"), never a file's name ("recipes.html is …").
  const said = /^[a-z]+\s/.test(message) ? capitalise(message) : message;
  const hint = err instanceof ApiFailure ? err.hint : undefined;
  return hint ? `${said}${/[.!?]$/.test(said) ? '' : '.'} ${hint}` : said;
};

/** Opens a cited or found file: the system viewer on the desktop, a new tab in the browser. */
export async function openFile(path: string, page?: number | null): Promise<void> {
  const r = await api.call('files:open', { path, ...(page ? { page } : {}) });
  if (!r.opened && r.url) window.open(r.url, '_blank', 'noopener');
}

export { fileName } from '../shared/words';

export function confidenceInWords(c: number): string {
  const level = confidenceLevel(c);
  return `${capitalise(level)} confidence`;
}
