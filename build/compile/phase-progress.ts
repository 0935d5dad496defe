/**
 * Progress of a long build phase (items done of a total): a redrawn bar on a terminal, plain log
 * lines (at most one per 10%) when output is piped, as in CI, so logs stay readable. (A download's
 * progress is build/fetch/transfer-progress.ts TransferProgress: bytes, not items.)
 */
export class PhaseProgress {
  private readonly tty = process.stderr.isTTY === true;
  private lastTenth = -1;
  private readonly start = performance.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  /** Report that `done` of `total` items are finished. */
  tick(done: number): void {
    const frac = this.total ? done / this.total : 1;
    if (this.tty) {
      if (done % 500 !== 0 && done !== this.total) return;
      const width = 30;
      const fill = Math.round(frac * width);
      process.stderr.write(`\r${this.label} [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${done}/${this.total}`);
      if (done === this.total) process.stderr.write('\n');
      return;
    }
    const tenth = Math.floor(frac * 10);
    if (tenth > this.lastTenth) {
      this.lastTenth = tenth;
      process.stderr.write(
        `${this.label}: ${done}/${this.total} (${tenth * 10}%) after ${((performance.now() - this.start) / 1000).toFixed(1)} s\n`,
      );
    }
  }
}
