// Line reader for JSONL transcripts that are still being written. A line
// counts only once its newline is on disk, so a half-flushed write is left for
// the next pass instead of being counted as malformed and skipped for good.

/** What a pass over a JSONL buffer saw, besides the values handed to the visitor. */
export interface JsonlStats {
  /** Bytes up to and including the newline of the last complete line. */
  consumedBytes: number;
  /** Complete lines seen (blank ones included, so line numbers match an editor's). */
  lines: number;
  /** Complete lines that were not valid JSON. */
  malformedLines: number;
}

/** Called once per complete, non-blank line that parsed; `line` is 1-based. */
export type JsonlVisitor = (value: unknown, line: number) => void;

const NEWLINE = 0x0a;

/**
 * Parses every complete line of `buf` once and hands it to `visit`.
 *
 * A last line without its newline is consumed only if it parses as a JSON
 * object: a writer that died after its final `}` leaves a whole record, while
 * a partial record never ends with a balanced object. Anything else there is
 * neither consumed nor counted, so the next pass reads it whole.
 */
export function readJsonl(buf: Buffer, visit: JsonlVisitor): JsonlStats {
  let pos = 0;
  let line = 0;
  let malformed = 0;
  const len = buf.length;
  while (pos < len) {
    const nl = buf.indexOf(NEWLINE, pos);
    const end = nl === -1 ? len : nl;
    const text = buf.toString('utf8', pos, end);
    if (nl === -1) {
      const value = tryParse(text);
      if (value === undefined || typeof value !== 'object' || value === null) break;
      line++;
      visit(value, line);
      pos = len;
      break;
    }
    line++;
    pos = nl + 1;
    if (isBlank(text)) continue;
    const value = tryParse(text);
    if (value === undefined) malformed++;
    else visit(value, line);
  }
  return { consumedBytes: pos, lines: line, malformedLines: malformed };
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isBlank(text: string): boolean {
  // Cheaper than a regex on every line: blank lines are rare and short.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** A plain-object view of a decoded JSON value, or undefined. */
export function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function asString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
