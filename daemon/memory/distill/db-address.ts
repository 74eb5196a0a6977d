// One session inside a store that holds many (a database): addressed as
// `<store path>#<session id>`, so cursors, episode ids and status treat it
// like a file of its own while the store stays one file on disk.

export const sessionAddress = (store: string, session: string): string => `${store}#${session}`;

/** The store and the session of an address; a plain path has no session. */
export function splitAddress(address: string): { store: string; session?: string } {
  const i = address.lastIndexOf('#');
  return i === -1 ? { store: address } : { store: address.slice(0, i), session: address.slice(i + 1) };
}
