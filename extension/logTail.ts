// Follows the daemon's log file into the editor's output channel. Polls
// rather than fs.watch: the file is replaced on rotation and may not exist
// until the daemon starts, and polling handles both the same way.
import * as fs from 'node:fs';

export class LogTail {
  private offset: number;
  private timer: NodeJS.Timeout | undefined;
  private partial = '';

  /** Starts at the end of the file (or at `fromStart`), then emits whole new lines. */
  constructor(
    private readonly file: string,
    private readonly onLines: (lines: string[]) => void,
    options: { fromStart?: boolean; intervalMs?: number } = {},
  ) {
    this.offset = options.fromStart ? 0 : sizeOf(file);
    this.timer = setInterval(() => this.poll(), options.intervalMs ?? 1000);
    this.timer.unref?.();
  }

  /** Reads what was appended since the last poll; exposed so tests need not wait. */
  poll(): void {
    const size = sizeOf(this.file);
    if (size < this.offset) {
      // Rotated or truncated: the new file starts over.
      this.offset = 0;
      this.partial = '';
    }
    if (size === this.offset) return;
    const fd = fs.openSync(this.file, 'r');
    try {
      const buf = Buffer.alloc(Math.min(size - this.offset, 1 << 20));
      const n = fs.readSync(fd, buf, 0, buf.length, this.offset);
      this.offset += n;
      const text = this.partial + buf.subarray(0, n).toString('utf8');
      const lines = text.split('\n');
      this.partial = lines.pop() ?? '';
      if (lines.length > 0) this.onLines(lines);
    } finally {
      fs.closeSync(fd);
    }
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
