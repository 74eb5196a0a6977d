// One JSON line per tool call, with its latency, in SCRY_HOME/logs/mcp-calls.jsonl,
// rotated by size. Never on stdout: that carries only the protocol.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { redactDeep } from '../memory/redact';

export interface CallRecord {
  ts: string;
  tool: string;
  ms: number;
  ok: boolean;
  args: Record<string, unknown>;
  error?: string;
  total?: number;
}

export class CallLog {
  private size: number | undefined;
  // Kept open: opening the file for every call was a visible share of a call's latency.
  private fd: number | undefined;

  constructor(
    readonly file: string,
    private readonly maxBytes = 5 * 1024 * 1024,
    private readonly keep = 3,
  ) {}

  write(record: CallRecord): void {
    // Arguments are what an agent typed (a remember's text among them): redacted like memory, value by value.
    const line = `${JSON.stringify(redactDeep(record))}\n`;
    try {
      if (this.size === undefined) {
        fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
        this.size = fs.existsSync(this.file) ? fs.statSync(this.file).size : 0;
      }
      if (this.size + line.length > this.maxBytes) this.rotate();
      this.fd ??= fs.openSync(this.file, 'a', 0o600);
      fs.writeSync(this.fd, line);
      this.size += Buffer.byteLength(line);
    } catch {
      // A full disk or an unwritable home must not fail the agent's call.
    }
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private rotate(): void {
    this.close();
    fs.rmSync(`${this.file}.${this.keep}`, { force: true });
    for (let i = this.keep - 1; i >= 1; i--) {
      const from = `${this.file}.${i}`;
      if (fs.existsSync(from)) fs.renameSync(from, `${this.file}.${i + 1}`);
    }
    if (fs.existsSync(this.file)) fs.renameSync(this.file, `${this.file}.1`);
    this.size = 0;
  }
}
