// The editor storage the extension reported (its `User` folder and this
// workspace's storage), kept in $SCRY_HOME/memory/editor-storage.json so a
// restarted daemon still sweeps the chats of every editor that ran Scry.
// Only folders that exist are kept; a folder that has gone is dropped when
// the list is read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InvalidParamsError } from '../errors';
import type { EditorStorage } from './sources';

export class EditorStorageList {
  private items: EditorStorage[];

  constructor(
    private readonly file: string,
    private readonly log: (line: string) => void,
  ) {
    this.items = this.read();
  }

  all(): readonly EditorStorage[] {
    return this.items;
  }

  add(userDir: string, workspaceDir: string | undefined): void {
    for (const [what, p] of [
      ['user_dir', userDir],
      ['workspace_dir', workspaceDir],
    ] as const) {
      if (p !== undefined && (!path.isAbsolute(p) || !isDir(p)))
        throw new InvalidParamsError(`memory/editor-storage: ${what} '${p}' is not an existing absolute folder`);
    }
    const item: EditorStorage = { userDir: path.resolve(userDir), ...(workspaceDir ? { workspaceDir: path.resolve(workspaceDir) } : {}) };
    if (this.items.some((i) => i.userDir === item.userDir && i.workspaceDir === item.workspaceDir)) return;
    this.items = [...this.items, item];
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.items, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  private read(): EditorStorage[] {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log(`memory: ${this.file} is unreadable, starting an empty list: ${(err as Error).message}`);
      return [];
    }
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((x: unknown): EditorStorage[] => {
      const r = typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : {};
      if (typeof r.userDir !== 'string' || !isDir(r.userDir)) return [];
      return [{ userDir: r.userDir, ...(typeof r.workspaceDir === 'string' && isDir(r.workspaceDir) ? { workspaceDir: r.workspaceDir } : {}) }];
    });
  }
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
