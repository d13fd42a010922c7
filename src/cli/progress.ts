import cliProgress from 'cli-progress';

/**
 * A progress bar on a terminal (count, rate, time left); on anything else, silence, so logs and
 * pipes get only the final summary.
 */
export class Progress {
  private bar: cliProgress.SingleBar | undefined;
  private started = 0;

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

  update(value: number, extra = ''): void {
    if (!this.bar) return;
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? (value / seconds).toFixed(value / seconds < 10 ? 1 : 0) : '0';
    this.bar.update(value, { rate, extra });
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}
