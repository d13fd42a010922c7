import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, secureWindowOptions } from '../../src/main/windowSecurity.js';

describe('window security', () => {
  it('sandboxes every window: context isolation, sandbox, no Node in any frame', () => {
    const o = secureWindowOptions('/app/preload.js', { width: 640, webPreferences: { nodeIntegration: true } });
    expect(o.webPreferences).toMatchObject({
      preload: '/app/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    });
    expect(o.width).toBe(640);
    expect(o.show).toBe(false);
  });

  it('allows only the app’s own scripts, never eval or remote code', () => {
    const csp = contentSecurityPolicy(['http://127.0.0.1:4545']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4545");
    expect(csp.startsWith("default-src 'none'")).toBe(true);
  });
});
