// Secrets whose credential word is in another part of the same record: a
// markdown or ASCII table row (the word in the column's header, or in the cell
// before: `| stripe | API key | V |`, `| DB_PASSWORD | V |`), and a token
// wrapped at a fixed width over several lines, judged joined and redacted
// whole (a JWT folded at 64 columns, a key base64-wrapped at 76).
import { looksRandom } from './entropy';
import { SECRET_NAME } from './names';
import { ordinaryBase64 } from './public';
import { marker, SHIELD, type Rule } from './rule';
import { credentialShaped } from './shape';
import { isStopword, notAValue, plausibleSecret } from './values';

const CREDENTIAL_HEADER = /^(?:.*\b)?(?:pass(?:word|wd|phrase)?|pwd|secret|token|(?:api|access|secret|private|license)[ _-]?key|key|credentials?|pin|auth)$/i;
const LABEL_CELL =
  /^(?:api[ _-]?key|access[ _-]?key|secret[ _-]?key|password|passwd|passphrase|token|access[ _-]?token|secret|credential|pat|app[ _-]?password)$/i;
const NAME_CELL = new RegExp(`^${SECRET_NAME}$`, 'i');
// A rule line under a header or around a box: dashes, with pipes, colons or pluses.
const SEPARATOR = /^[\s|:+=]*-[\s|:+=-]*$/;

const cellValue = (v: string): boolean =>
  v.length >= 4 && !v.includes(' ') && !v.includes(SHIELD) && !notAValue(v) && !isStopword(v) && (plausibleSecret(v) || credentialShaped(v));

interface Row {
  line: string;
  cells: string[];
}

function splitRow(line: string): string[] {
  // Words before the first `|` (a row quoted mid-sentence: `Using | a | b |`) are not a cell.
  const inner = line.slice(line.indexOf('|')).trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|').map((c) => c.trim());
}

/** A table block with each cell a header, a label cell or a secret's name marks replaced. */
function redactTable(block: string): { text: string; count: number } {
  const lines = block.split('\n');
  let header: string[] | undefined;
  let count = 0;
  const out = lines.map((line, i) => {
    if (!line.includes('|') || SEPARATOR.test(line)) return line;
    const row: Row = { line, cells: splitRow(line) };
    // The header: the first row, when a separator line follows it or closes a box above it.
    if (header === undefined && (SEPARATOR.test(lines[i + 1] ?? '') || (i > 0 && SEPARATOR.test(lines[i - 1]!)))) {
      header = row.cells;
      return line;
    }
    const take = new Set<number>();
    row.cells.forEach((cell, j) => {
      if (!cellValue(cell)) return;
      const head = header?.[j];
      const prev = row.cells[j - 1];
      if ((head !== undefined && CREDENTIAL_HEADER.test(head)) || (prev !== undefined && (LABEL_CELL.test(prev) || NAME_CELL.test(prev)))) take.add(j);
    });
    if (take.size === 0) return line;
    count += take.size;
    // Rewrite cell by cell, keeping the spacing.
    let j = -1;
    const at = line.indexOf('|');
    return (
      line.slice(0, at) +
      line.slice(at).replace(/\|([^|]*)(?=\||$)/g, (m, cell: string) => {
        j++;
        return take.has(j) ? `|${cell.replace(cell.trim(), marker('table-secret'))}` : m;
      })
    );
  });
  return { text: out.join('\n'), count };
}

const TOKEN_LINE = /^[A-Za-z0-9+/=_.-]+$/;

/** Whether `parts` (lines without their indentation) are one token cut at a fixed width that joins into a random-looking one. */
function wrappedToken(parts: string[]): boolean {
  const width = parts[0]!.length;
  if (
    width < 40 ||
    parts.length < 2 ||
    !parts.slice(0, -1).every((p) => p.length === width) ||
    parts[parts.length - 1]!.length > width ||
    !parts.every((p) => TOKEN_LINE.test(p))
  )
    return false;
  const joined = parts.join('');
  if (/^[0-9a-f]+$/i.test(joined) || ordinaryBase64(joined)) return false;
  return /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/.test(joined) || looksRandom(joined);
}

const isTokenChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 47 || c === 61 || c === 95 || c === 46 || c === 45;

/** Runs of two or more lines of token characters, the first ones 40 characters or longer, each judged joined. */
function redactWrapped(text: string): { text: string; count: number } {
  let out = '';
  let last = 0;
  let count = 0;
  // [start of the line, start of its token, end] of the lines in the current run.
  let run: Array<[number, number, number]> = [];
  const judge = (): void => {
    if (run.length === 0) return;
    if (run.length >= 2) {
      const parts = run.map(([, from, to]) => text.slice(from, to));
      if (wrappedToken(parts)) {
        out += text.slice(last, run[0]![1]) + marker('wrapped-token');
        last = run[run.length - 1]![2];
        count++;
      }
    }
    run = [];
  };
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    let from = pos;
    while (from < nl && (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 9)) from++;
    const len = nl - from;
    const width = run.length > 0 ? run[0]![2] - run[0]![1] : 0;
    // Only a line as long as the run's first (or any line of 40 or more, to open a run), or a shorter last one, is read.
    let token = len >= 4 && (len >= 40 || (run.length > 0 && len <= width));
    for (let k = from; token && k < nl; k++) if (!isTokenChar(text.charCodeAt(k))) token = false;
    if (token && run.length > 0 && len !== width) {
      if (len < width) {
        run.push([pos, from, nl]);
        judge();
        pos = nl + 1;
        continue;
      }
      judge();
    }
    if (token) run.push([pos, from, nl]);
    else {
      // The last piece may open a line that goes on in words (`…Xy7 as you said.`).
      if (run.length > 0) {
        let k = from;
        while (k < nl && isTokenChar(text.charCodeAt(k))) k++;
        if (k > from && k - from <= width && (k === nl || text.charCodeAt(k) === 32)) run.push([pos, from, k]);
      }
      judge();
    }
    pos = nl + 1;
  }
  judge();
  return count > 0 ? { text: out + text.slice(last), count } : { text, count: 0 };
}

/** Blocks of consecutive lines that `member` accepts, each rewritten by `rewrite`. */
function lineBlocks(
  text: string,
  member: (text: string, from: number, to: number) => boolean,
  rewrite: (block: string) => { text: string; count: number },
): { text: string; count: number } {
  let out = '';
  let last = 0;
  let count = 0;
  let blockStart = -1;
  let blockLines = 0;
  let pos = 0;
  const flush = (end: number): void => {
    if (blockLines >= 1) {
      const r = rewrite(text.slice(blockStart, end));
      if (r.count > 0) {
        out += text.slice(last, blockStart) + r.text;
        last = end;
        count += r.count;
      }
    }
    blockStart = -1;
    blockLines = 0;
  };
  while (pos <= text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    if (member(text, pos, nl)) {
      if (blockStart < 0) blockStart = pos;
      blockLines++;
    } else if (blockStart >= 0) flush(pos - 1);
    pos = nl + 1;
  }
  if (blockStart >= 0) flush(text.length);
  return count > 0 ? { text: out + text.slice(last), count } : { text, count: 0 };
}

const indentEnd = (text: string, from: number, to: number): number => {
  let i = from;
  while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i;
};
// A table line opens with `|` or ends with one (a row quoted after some words), or is an ASCII box's `+---+` rule.
const tableLine = (text: string, from: number, to: number): boolean => {
  const i = indentEnd(text, from, to);
  let end = to;
  while (end > i && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 13)) end--;
  return (
    text.charCodeAt(i) === 124 ||
    (end > i && text.charCodeAt(end - 1) === 124 && text.indexOf('|', i) < end - 1) ||
    (text.charCodeAt(i) === 43 && text.charCodeAt(i + 1) === 45)
  );
};
export const RECORD_RULES: readonly Rule[] = [
  {
    kind: 'table-secret',
    keywords: ['| ', ' |', '|-', '-|'],
    re: /(?:)/g,
    scan: (text) => lineBlocks(text, tableLine, redactTable),
  },
  {
    kind: 'wrapped-token',
    re: /(?:)/g,
    scan: (text) => (text.length >= 84 && text.includes('\n') ? redactWrapped(text) : { text, count: 0 }),
  },
];
