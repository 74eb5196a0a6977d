// Which files the syntactic indexer reads, and why it leaves the others out:
// a file that is too big, binary, not UTF-8 or minified says nothing an agent
// asks about and could cost a parse far out of proportion. Each skip has a
// reason that names the file.

export const MAX_FILE_BYTES = 1024 * 1024;
const MAX_LINE = 5_000;
const MINIFIED_AVERAGE_LINE = 300;

export type Screened = { text: string } | { skip: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function screen(bytes: Uint8Array): Screened {
  if (bytes.byteLength > MAX_FILE_BYTES) return { skip: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB (${Math.round(bytes.byteLength / 1024)} KiB)` };
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return { skip: 'binary (contains NUL bytes)' };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { skip: 'not valid UTF-8' };
  }
  let lines = 1;
  let longest = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    lines++;
    longest = Math.max(longest, i - start);
    start = i + 1;
  }
  longest = Math.max(longest, text.length - start);
  if (longest > MAX_LINE && text.length / lines > MINIFIED_AVERAGE_LINE) return { skip: `minified (a ${longest}-character line)` };
  return { text };
}
