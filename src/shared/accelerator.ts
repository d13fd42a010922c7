/**
 * Key combinations for the global hotkey, in Electron's accelerator syntax
 * ("CommandOrControl+Shift+Space"). Checked before a combination is saved or registered, so a
 * typo gets a message that says what is wrong instead of a hotkey that silently does nothing.
 *
 * Plain data only: the renderer uses this too.
 */

const MODIFIERS = new Map<string, string>(
  Object.entries({
    command: 'Command',
    cmd: 'Command',
    control: 'Control',
    ctrl: 'Control',
    commandorcontrol: 'CommandOrControl',
    cmdorctrl: 'CommandOrControl',
    alt: 'Alt',
    option: 'Alt',
    altgr: 'AltGr',
    shift: 'Shift',
    super: 'Super',
    meta: 'Meta',
  }),
);

const NAMED_KEYS = [
  'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return', 'Enter',
  'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc', 'PrintScreen',
  'VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause',
  'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
const KEYS = new Map<string, string>(NAMED_KEYS.map((k) => [k.toLowerCase(), k]));
for (let i = 1; i <= 24; i++) KEYS.set(`f${i}`, `F${i}`);
for (let i = 0; i <= 9; i++) KEYS.set(`num${i}`, `num${i}`);

const PUNCTUATION = new Set([...')!@#$%^&*(:<_>?~{|}";=,-./`[\\]\'']);

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; error: string };

/**
 * Checks a key combination and gives it in canonical spelling. A global hotkey needs a modifier
 * other than Shift (or a function key), since it would otherwise take a key away from typing in
 * every other app.
 */
export function checkAccelerator(raw: string): AcceleratorCheck {
  const text = raw.trim();
  if (!text) return { ok: false, error: 'the hotkey is empty: give a combination such as CommandOrControl+Shift+Space' };
  // "+" is the separator; the plus key itself is written "Plus".
  const parts = text.split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) return { ok: false, error: `"${text}" has an empty part: write the plus key as "Plus" (e.g. Ctrl+Shift+Plus)` };
  const mods: string[] = [];
  let key: string | undefined;
  for (const [i, part] of parts.entries()) {
    const mod = MODIFIERS.get(part.toLowerCase());
    const isLast = i === parts.length - 1;
    if (mod && !isLast) {
      if (mods.includes(mod)) return { ok: false, error: `"${text}" names ${mod} twice` };
      mods.push(mod);
      continue;
    }
    if (!isLast) return { ok: false, error: `"${part}" in "${text}" is not a modifier (Ctrl, Alt, Shift, Super, Command, CommandOrControl)` };
    if (mod) return { ok: false, error: `"${text}" ends with a modifier: add the key, as in ${text}+Space` };
    if (/^[a-z0-9]$/i.test(part)) key = part.toUpperCase();
    else if (part.length === 1 && PUNCTUATION.has(part)) key = part;
    else key = KEYS.get(part.toLowerCase());
    if (!key) return { ok: false, error: `"${part}" is not a key Docent knows (letters, digits, F1–F24, Space, Enter, arrows, Home, End, PageUp, …)` };
  }
  const isFunctionKey = /^F\d+$/.test(key!);
  if (!isFunctionKey && !mods.some((m) => m !== 'Shift')) {
    return { ok: false, error: `"${text}" would take the ${key} key away from every other app: add Ctrl, Alt, Super or Command` };
  }
  return { ok: true, accelerator: [...mods, key].join('+') };
}
