/**
 * An error meant for a person: what happened, and what they can do about it.
 * Adapters (CLI, IPC, HTTP) show `message` and `hint` as they are and never a stack trace.
 */
export class DocentError extends Error {
  readonly hint: string | undefined;

  constructor(message: string, hint?: string) {
    super(message);
    this.name = 'DocentError';
    this.hint = hint;
  }

  /** The message and the hint as one line, for logs and the CLI. */
  toUserString(): string {
    return this.hint ? `${this.message}. ${this.hint}` : this.message;
  }
}
