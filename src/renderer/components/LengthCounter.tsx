import { QUESTION_MAX } from '../../shared/api';
import { count } from '../../shared/words';

/** From this share of the limit on, the field shows how much of it is used. */
const SHOW_FROM = 0.8;

/**
 * How much of a field's limit is used, shown as the text nears it (the field itself takes no
 * more: `maxLength`), so a long paste that was cut says so instead of failing later.
 */
export function LengthCounter({ length, max = QUESTION_MAX, id }: { length: number; max?: number; id: string }) {
  if (length < SHOW_FROM * max) return null;
  return (
    <span id={id} className={length >= max ? 'counter full' : 'counter'} aria-live="polite">
      {count(length)} / {count(max)}
      {length >= max ? ': the limit (anything longer was cut)' : ''}
    </span>
  );
}
