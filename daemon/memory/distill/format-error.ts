// The one error a distiller throws for a file in a format it does not know
// (an unknown version field, a shape it cannot read): it names the file and
// what was expected, so status can say it and the next version of Scry can
// pick the file up. Ingest records it as the file's failure: nothing stored,
// the cursor not moved.
export function unknownFormat(file: string, expected: string): Error {
  return new Error(`'${file}' is in a format Scry does not read: expected ${expected}`);
}
