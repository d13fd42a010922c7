import { checkAccelerator } from '../shared/accelerator.js';

/** Electron's globalShortcut, as far as Docent uses it. */
export interface ShortcutRegistry {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export type BindResult = { ok: true; accelerator: string } | { ok: false; error: string; hint?: string };

/**
 * The launcher's global hotkey. A new combination is registered before the old one is let go,
 * so a combination another app already holds (or the system refuses) leaves the working one in
 * place and says so, instead of leaving the user with no hotkey at all.
 */
export class HotkeyBinding {
  private bound?: string;

  constructor(
    private readonly registry: ShortcutRegistry,
    private readonly onPress: () => void,
  ) {}

  get current(): string | undefined {
    return this.bound;
  }

  bind(raw: string): BindResult {
    const check = checkAccelerator(raw);
    if (!check.ok) return { ok: false, error: check.error };
    const next = check.accelerator;
    if (next === this.bound) return { ok: true, accelerator: next };
    let registered = false;
    try {
      registered = this.registry.register(next, this.onPress);
    } catch (err) {
      return { ok: false, error: `${next} cannot be used as a hotkey: ${(err as Error).message}` };
    }
    if (!registered) {
      return {
        ok: false,
        error: `${next} is already taken by another app or by the system`,
        hint: this.bound ? `Choose another combination; ${this.bound} still opens the launcher.` : 'Choose another combination in Settings.',
      };
    }
    if (this.bound) this.registry.unregister(this.bound);
    this.bound = next;
    return { ok: true, accelerator: next };
  }

  /** Lets the hotkey go (when the app quits). */
  release(): void {
    if (this.bound) this.registry.unregister(this.bound);
    this.bound = undefined;
  }
}
