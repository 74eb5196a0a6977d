// Append-only daemon log under SCRY_HOME/logs, rotated by size. Its level
// comes from SCRY_LOG_LEVEL (the extension passes its scry.logLevel setting):
// error < info (the default) < debug.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { redact } from '../memory/redact';

const MAX_BYTES = 5 * 1024 * 1024;
const KEEP = 3;

export type LogLevel = 'error' | 'info' | 'debug';
const RANK: Record<LogLevel, number> = { error: 0, info: 1, debug: 2 };

/** SCRY_LOG_LEVEL, or info when unset or not one of the levels (which is said once in the log). */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): { level: LogLevel; invalid?: string } {
  const v = env.SCRY_LOG_LEVEL?.trim().toLowerCase();
  if (!v) return { level: 'info' };
  return v in RANK ? { level: v as LogLevel } : { level: 'info', invalid: env.SCRY_LOG_LEVEL };
}

export class Logger {
  private size: number;
  private readonly echo: boolean;
  readonly level: LogLevel;

  constructor(
    readonly file: string,
    options: { echo?: boolean; level?: LogLevel } = {},
  ) {
    this.echo = options.echo ?? false;
    this.level = options.level ?? 'info';
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.size = fs.existsSync(file) ? fs.statSync(file).size : 0;
  }

  log(line: string, level: LogLevel = 'info'): void {
    if (RANK[level] > RANK[this.level]) return;
    // A line can quote a failing command or a provider's error: never a secret in the file.
    const text = `${new Date().toISOString()} [${process.pid}] ${level === 'info' ? '' : `${level}: `}${redact(line).text}\n`;
    if (this.size + text.length > MAX_BYTES) this.rotate();
    // Synchronous on purpose: the last line before a crash must reach the file.
    fs.appendFileSync(this.file, text, { mode: 0o600 });
    this.size += Buffer.byteLength(text);
    if (this.echo) process.stderr.write(text);
  }

  error(line: string): void {
    this.log(line, 'error');
  }

  debug(line: string): void {
    this.log(line, 'debug');
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
