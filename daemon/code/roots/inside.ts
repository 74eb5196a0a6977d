// What of a repo may be read into answers: a file whose real path is inside
// the repo root (a link to /etc/passwd or to a folder elsewhere is not the
// repo's code), and whose start is text (a binary named `.ts` is not source).
// The ingest of every indexer's output, the overlay and the syntactic walk all
// read through here, so each skips the same files for the same reason.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Bytes of a file's start that decide whether it is text. */
export const HEAD_BYTES = 8192;

export type Inside = { bytes: Buffer } | { skip: string };

/** Where a link takes `rel` when that is outside `root`; undefined when it stays inside (or does not exist). */
export function outsideTarget(root: string, rel: string): string | undefined {
  let real: string;
  try {
    real = fs.realpathSync.native(path.join(root, rel));
  } catch {
    return undefined;
  }
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep) ? undefined : real;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why these bytes are not source text (NUL bytes or invalid UTF-8 in the head), or undefined. */
export function binaryReason(bytes: Uint8Array): string | undefined {
  let head = bytes.subarray(0, HEAD_BYTES);
  if (head.includes(0)) return 'binary (contains NUL bytes)';
  // A multi-byte character cut at the head's end is not an error: the head ends before it.
  if (head.length < bytes.length) head = head.subarray(0, completeUtf8Length(head));
  try {
    utf8.decode(head);
  } catch {
    return 'binary (not valid UTF-8)';
  }
  return undefined;
}

/** The length of `b` without a trailing, incomplete UTF-8 sequence. */
function completeUtf8Length(b: Uint8Array): number {
  let i = b.length - 1;
  let continuation = 0;
  while (i >= 0 && continuation < 3 && (b[i]! & 0xc0) === 0x80) {
    i--;
    continuation++;
  }
  if (i < 0) return b.length;
  const lead = b[i]!;
  const needed = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
  return needed > continuation ? i : b.length;
}

/** A repo file's bytes, or why it is not read: a link out of the repo, binary content, or an I/O error. */
export function readInside(root: string, rel: string): Inside {
  const outside = outsideTarget(root, rel);
  if (outside !== undefined) return { skip: `links outside the repository (to '${outside}')` };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.join(root, rel));
  } catch (err) {
    return { skip: `could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` };
  }
  const binary = binaryReason(bytes);
  return binary ? { skip: binary } : { bytes };
}
