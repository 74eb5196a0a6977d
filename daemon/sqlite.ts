// Opens a better-sqlite3 database with the native build that matches the
// running Node. A native addon is built for one Node ABI, and the daemon runs
// on whatever Node the user has, so the VSIX ships one build per supported ABI
// (dist/native/node-v<ABI>/better_sqlite3.node, beside dist/daemon.js) and
// falls back to the build npm made in node_modules. The addon is always given
// by path: better-sqlite3 is an optional dependency of the npm package, whose
// install may fail where it can neither download a prebuilt addon nor compile
// one, and then only the shipped builds are there.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { ErrorCode, ScryError } from './errors';

export type Db = Database.Database;
export type { Statement } from 'better-sqlite3';

export class NativeModuleError extends ScryError {
  override readonly code = ErrorCode.NativeModule;
  constructor(
    readonly abi: string,
    readonly looked: string[],
    detail: string,
  ) {
    super(
      `no better-sqlite3 build matches Node ${process.version} (ABI ${abi}); looked in ${looked.join(', ')}: ${detail}`,
      'Run the daemon with Node 20, 22 or 24 (setting scry.nodePath), or rebuild it for this Node with `npm rebuild better-sqlite3`',
    );
  }
}

/** Where per-ABI builds live; overridable so tests and odd layouts can point elsewhere. */
export function nativeDirs(): string[] {
  const fromEnv = process.env.SCRY_NATIVE_DIR;
  return fromEnv ? [fromEnv] : [path.join(__dirname, 'native'), path.join(__dirname, '..', 'dist', 'native')];
}

/** The per-ABI build for this Node, or undefined when only the default build remains. */
export function findNativeBinding(abi = process.versions.modules, dirs = nativeDirs()): string | undefined {
  for (const dir of dirs) {
    const file = path.join(dir, `node-v${abi}`, 'better_sqlite3.node');
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

/** The addon npm built in node_modules/better-sqlite3, when it did. */
function npmBuild(): string | undefined {
  try {
    const file = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
    return fs.existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

// Resolved once: the path of the matching build, or null when there is none (the open then fails with NativeModuleError).
let binding: string | null | undefined;

export function openDatabase(file: string, options: Database.Options = {}): Db {
  if (binding === undefined) binding = findNativeBinding() ?? npmBuild() ?? null;
  if (binding === null)
    throw new NativeModuleError(
      process.versions.modules,
      [...nativeDirs().map((d) => path.join(d, `node-v${process.versions.modules}`)), 'node_modules/better-sqlite3/build'],
      'no build for this Node was shipped or compiled',
    );
  try {
    return new Database(file, binding ? { ...options, nativeBinding: binding } : options);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    // A wrong-ABI or missing addon fails in the loader, before any SQLite error.
    if (e.code === 'ERR_DLOPEN_FAILED' || /NODE_MODULE_VERSION|Could not locate the bindings file|better_sqlite3\.node/.test(e.message ?? '')) {
      const looked = [...nativeDirs().map((d) => path.join(d, `node-v${process.versions.modules}`)), 'node_modules/better-sqlite3/build'];
      throw new NativeModuleError(process.versions.modules, looked, firstLine(e.message ?? String(err)));
    }
    throw err;
  }
}

const firstLine = (s: string): string => s.split('\n')[0]!;
