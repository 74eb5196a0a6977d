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
const LABEL_CELL = /^(?:api[ _-]?key|access[ _-]?key|secret[ _-]?key|password|passwd|passphrase|token|access[ _-]?token|secret|credential|pat|app[ _-]?password)$/i;
const NAME_CELL = new RegExp(`^${SECRET_NAME}$`, 'i');
const SEPARATOR = /^[\s|:+=-]*$/;

const cellValue = (v: string): boolean => v.length >= 4 && !v.includes(' ') && !v.includes(SHIELD) && !notAValue(v) && !isStopword(v) && (plausibleSecret(v) || credentialShaped(v));

interface Row {
  line: string;
  cells: string[];
}

function splitRow(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|').map((c) => c.trim());
}

/** A table block with each cell a header, a label cell or a secret's name marks replaced. */
function redactTable(block: string): { text: string; count: number } {
  const lines = block.split('\n');
  let header: string[] | undefined;
  let count = 0;
  const out = lines.map((line, i) => {
    if (!line.trim().startsWith('|') || SEPARATOR.test(line)) return line;
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
    return line.replace(/\|([^|]*)(?=\|)/g, (m, cell: string) => {
      j++;
      return take.has(j) ? `|${cell.replace(cell.trim(), marker('table-secret'))}` : m;
    });
  });
  return { text: out.join('\n'), count };
}

const TOKEN_LINE = /^[A-Za-z0-9+/=_.-]+$/;

/** Lines of one fixed width (the last one shorter or equal) that join into one random-looking token. */
function redactWrapped(block: string, indent: string): { text: string; count: number } {
  const parts = block.split('\n').map((l) => l.slice(indent.length));
  const width = parts[0]!.length;
  if (parts.length < 2 || !parts.slice(0, -1).every((p) => p.length === width) || parts[parts.length - 1]!.length > width || !parts.every((p) => TOKEN_LINE.test(p))) return { text: block, count: 0 };
  const joined = parts.join('');
  if (/^[0-9a-f]+$/i.test(joined) || ordinaryBase64(joined)) return { text: block, count: 0 };
  const jwt = /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/.test(joined);
  if (!jwt && !looksRandom(joined)) return { text: block, count: 0 };
  return { text: `${indent}${marker('wrapped-token')}`, count: 1 };
}

export const RECORD_RULES: readonly Rule[] = [
  {
    kind: 'table-secret',
    keywords: ['| ', ' |', '|-', '-|'],
    re: /^[ \t]*[|+][^\n]*(?:\n[ \t]*[|+][^\n]*)+/gm,
    rewrite: (block) => redactTable(block),
  },
  {
    kind: 'wrapped-token',
    re: /^(?<ind>[ \t]*)[A-Za-z0-9+/=_.-]{40,}\n(?:\k<ind>[A-Za-z0-9+/=_.-]{40,}\n)*\k<ind>[A-Za-z0-9+/=_.-]{4,}$/gm,
    rewrite: (block, g) => redactWrapped(block, g.ind ?? ''),
  },
];
