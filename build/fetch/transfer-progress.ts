/**
 * Reports transfers (bytes of each file): a redrawn progress bar on a terminal, plain lines
 * otherwise (CI logs). A build phase's progress is build/compile/phase-progress.ts PhaseProgress.
 */
export interface TransferProgress {
  /** Bytes of `path` received so far, and its size when known. */
  update(path: string, received: number, total: number | null): void;
  /** One finished step, printed as a line. */
  line(text: string): void;
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** A progress reporter writing to `out`; the bar is drawn only when `out` is a TTY. */
export function createProgress(
  out: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean; columns?: number } = process.stderr,
): TransferProgress {
  const tty = out.isTTY === true;
  let drawn = false;
  let last = 0;
  return {
    update(path, received, total) {
      if (!tty) return;
      const now = Date.now();
      if (now - last < 100 && received !== total) return;
      last = now;
      const width = 30;
      const share = total ? Math.min(1, received / total) : 0;
      const bar = total
        ? `[${'#'.repeat(Math.round(share * width)).padEnd(width, ' ')}] ${String(Math.floor(share * 100)).padStart(3)}%`
        : '[ size unknown ]';
      const text = `${bar} ${mb(received)}${total ? ` / ${mb(total)}` : ''} ${path}`;
      out.write(`\r${text.slice(0, (out.columns ?? 100) - 1).padEnd((out.columns ?? 100) - 1)}`);
      drawn = true;
    },
    line(text) {
      if (drawn) {
        out.write('\r\x1b[K');
        drawn = false;
      }
      out.write(`${text}\n`);
    },
  };
}
