// A small file read whole as UTF-8, or undefined when it is not there or not
// readable: for the files git and Scry write beside a repo (.git pointers,
// ignore files, an index folder's records), whose absence is an answer.
import * as fs from 'node:fs';

export function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
