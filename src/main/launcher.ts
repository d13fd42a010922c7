export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The launcher's BrowserWindow, as far as the controller uses it. */
export interface LauncherWindow {
  isVisible(): boolean;
  isFocused(): boolean;
  getSize(): number[];
  setPosition(x: number, y: number): void;
  show(): void;
  focus(): void;
  hide(): void;
}

/** Where the launcher opens: the work area (screen minus task bars) of the display the pointer is on. */
export type WorkAreaNearPointer = () => Rect;

/** The launcher's top-left corner: in the middle of the work area, inside it even when the window is larger. */
export function launcherPosition(area: Rect, size: { width: number; height: number }): { x: number; y: number } {
  const x = area.x + Math.max(0, Math.round((area.width - size.width) / 2));
  const y = area.y + Math.max(0, Math.round((area.height - size.height) / 2));
  return { x, y };
}

/**
 * The Spotlight-style launcher: the hotkey shows it in the middle of the screen the pointer is
 * on, focused; the hotkey again, Esc, or a click elsewhere hides it. A blur right after showing
 * is ignored: some window managers move focus about while a window maps.
 */
export class LauncherController {
  private shownAt = -Infinity;

  constructor(
    private readonly window: LauncherWindow,
    private readonly workArea: WorkAreaNearPointer,
    private readonly now: () => number = Date.now,
    /** Called after hiding (macOS gives focus back to the app the user was in). */
    private readonly afterHide: () => void = () => undefined,
  ) {}

  toggle(): void {
    if (this.window.isVisible() && this.window.isFocused()) this.hide();
    else this.show();
  }

  show(): void {
    const [width = 720, height = 480] = this.window.getSize();
    const { x, y } = launcherPosition(this.workArea(), { width, height });
    this.window.setPosition(x, y);
    this.window.show();
    this.window.focus();
    this.shownAt = this.now();
  }

  hide(): void {
    if (!this.window.isVisible()) return;
    this.window.hide();
    this.afterHide();
  }

  /** The window lost focus: the user clicked elsewhere. */
  onBlur(): void {
    if (this.now() - this.shownAt < 250) return;
    this.hide();
  }

  /** A key reached the window before the page: Esc hides it even when the page is busy. */
  onKey(key: string, type: string): boolean {
    if (type === 'keyDown' && key === 'Escape') {
      this.hide();
      return true;
    }
    return false;
  }
}
