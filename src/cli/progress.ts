import cliProgress from 'cli-progress';
import type { ProgressSnapshot } from '../pipeline/index/folderProgress.js';
import { progressLine } from '../shared/progressWords.js';

/**
 * A progress bar on a terminal (count, rate, time left); on anything else, silence, so logs and
 * pipes get only the final summary.
 */
export class Progress {
  private bar: cliProgress.SingleBar | undefined;
  private started = 0;
  private pass: string | undefined;

  constructor(private readonly enabled = !!process.stderr.isTTY) {}

  start(label: string, total: number, unit: string): void {
    this.stop();
    if (!this.enabled || total === 0) return;
    this.started = Date.now();
    this.bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: `${label} [{bar}] {value}/{total} ${unit} | {extra}{rate}/s | {eta_formatted} left`,
        hideCursor: true,
        barsize: 24,
        etaBuffer: 50,
        fps: 10,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total, 0, { rate: '0', extra: '' });
  }

  /**
   * Indexing progress, in the app's words (progressLine): a bar for each pass, the line beside it.
   * A new pass (another state or total) starts a new bar.
   */
  show(label: string, p: ProgressSnapshot): void {
    if (!this.enabled || p.filesTotal === 0) return;
    const pass = `${label}\u0000${p.state}\u0000${p.filesTotal}`;
    if (!this.bar || this.pass !== pass) {
      this.stop();
      this.pass = pass;
      this.bar = new cliProgress.SingleBar(
        { stream: process.stderr, format: `${label} [{bar}] {line}`, hideCursor: true, barsize: 24, fps: 10 },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(p.filesTotal, p.filesDone, { line: progressLine(p) });
    } else this.bar.update(p.filesDone, { line: progressLine(p) });
  }

  update(value: number, extra = ''): void {
    if (!this.bar) return;
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? (value / seconds).toFixed(value / seconds < 10 ? 1 : 0) : '0';
    this.bar.update(value, { rate, extra });
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
    this.pass = undefined;
  }
}
