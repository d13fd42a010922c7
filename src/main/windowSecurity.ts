import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

/**
 * The web preferences every Docent window gets: the renderer is sandboxed, isolated from the
 * preload's world, and has no Node. The preload is the only bridge.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  };
}

export function secureWindowOptions(preloadPath: string, extra: BrowserWindowConstructorOptions = {}): BrowserWindowConstructorOptions {
  return { show: false, ...extra, webPreferences: secureWebPreferences(preloadPath) };
}

/**
 * Content-Security-Policy for the renderer: its own scripts and styles only, no eval, no
 * remote anything. `connectSrc` adds the loopback API origin in browser mode.
 */
export function contentSecurityPolicy(connectSrc: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${connectSrc.length ? ' ' + connectSrc.join(' ') : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
