// How a session writes what it mentions: `orders.ts:12`, a path, a name
// (`Order.total`, `valid?`), or `@src/orders.ts` as a Claude Code prompt has it.
import * as path from 'node:path';

/** `orders.ts:12` or `src/orders.ts:12:5`. */
export const FILE_LINE = /^(.+\.[A-Za-z0-9]{1,6}):(\d+)(?::\d+)?$/;
/** A source path: it has a folder, or a file name ending in a known extension. */
export const SOURCE_EXT =
  /\.(?:[cm]?[jt]sx?|py|go|rs|rb|php|java|kt|cs|cpp|cc|c|h|hpp|swift|scala|ex|exs|vue|svelte|json|ya?ml|toml|md|sql|sh|css|scss|html|prisma|graphql|proto)$/i;
export const IDENT = /^[A-Za-z_$][\w$]*(?:(?:\.|#|::)[A-Za-z_$][\w$]*)*[?!]?$/;
/** A path with folders keeps at least its file's folder: `packages/gone/package.json` is not the root's package.json. */
export const keep = (parts: readonly string[]): number => (parts.length >= 2 ? 2 : 1);

// `@src/orders.ts` is how a Claude Code prompt names a file.
export const cleaned = (input: string): string =>
  input
    .trim()
    .replace(/\(\)$/, '')
    .replace(/^@(?=[\w.-]+\/|[\w-]+\.[A-Za-z])/, '');
export const normalize = (p: string): string => p.replace(/^\.\//, '').split(path.sep).join('/');
