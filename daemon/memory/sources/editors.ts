// Where the VS Code family keeps its user data, per OS: VS Code, VS Code
// Insiders, Cursor, VSCodium and code-server. Their chat stores hang off the
// `User` folder inside: `User/workspaceStorage/<hash>/` (one per workspace)
// and `User/globalStorage/<extension id>/`.
import * as path from 'node:path';
import type { SourceHome } from './source';

/** The product folder names of each editor, as their user-data folder is named. */
const PRODUCTS = ['Code', 'Code - Insiders', 'Cursor', 'VSCodium'];

/** Every editor's `User` folder for this OS (whether or not it exists). */
export function editorUserDirs({ home, env }: Pick<SourceHome, 'home' | 'env'>, platform: NodeJS.Platform = process.platform): string[] {
  let base: string;
  if (platform === 'win32') base = env.APPDATA || path.join(home, 'AppData', 'Roaming');
  else if (platform === 'darwin') base = path.join(home, 'Library', 'Application Support');
  else base = env.XDG_CONFIG_HOME || path.join(home, '.config');
  const join = platform === 'win32' ? path.win32.join : path.join;
  const dirs = PRODUCTS.map((p) => join(base, p, 'User'));
  // code-server keeps VS Code's layout under its own data folder (Linux and macOS; it does not run on Windows).
  if (platform !== 'win32') dirs.push(path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'code-server', 'User'));
  return dirs;
}

/** Each editor's `User/workspaceStorage`. */
export const workspaceStorageDirs = (where: Pick<SourceHome, 'home' | 'env'>, platform?: NodeJS.Platform): string[] =>
  editorUserDirs(where, platform).map((u) => path.join(u, 'workspaceStorage'));

/** Each editor's `User/globalStorage/<extension id>`. */
export const globalStorageDirs = (where: Pick<SourceHome, 'home' | 'env'>, extensionId: string, platform?: NodeJS.Platform): string[] =>
  editorUserDirs(where, platform).map((u) => path.join(u, 'globalStorage', extensionId));
