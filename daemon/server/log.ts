// Append-only daemon log under SCRY_HOME/logs, rotated by size.
import * as fs from 'node:fs';
import * as path from 'node:path';

const MAX_BYTES = 5 * 1024 * 1024;
const KEEP = 3;

export class Logger {
  private size: number;

  constructor(readonly file: string, private readonly echo = false) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.size = fs.existsSync(file) ? fs.statSync(file).size : 0;
  }

  log(line: string): void {
    const text = `${new Date().toISOString()} [${process.pid}] ${line}\n`;
    if (this.size + text.length > MAX_BYTES) this.rotate();
    // Synchronous on purpose: the last line before a crash must reach the file.
    fs.appendFileSync(this.file, text, { mode: 0o600 });
    this.size += Buffer.byteLength(text);
    if (this.echo) process.stderr.write(text);
  }

  private rotate(): void {
    for (let i = KEEP - 1; i >= 1; i--) {
      const from = `${this.file}.${i}`;
      if (fs.existsSync(from)) fs.renameSync(from, `${this.file}.${i + 1}`);
    }
    if (fs.existsSync(this.file)) fs.renameSync(this.file, `${this.file}.1`);
    this.size = 0;
  }
}
