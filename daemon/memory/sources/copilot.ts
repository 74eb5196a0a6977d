// VS Code chat sessions (GitHub Copilot Chat and other chat participants):
// `<User>/workspaceStorage/<hash>/chatSessions/<id>.json|.jsonl`, and the
// chats of windows with no folder under
// `<User>/globalStorage/emptyWindowChatSessions/`. <User> per OS and editor
// is in editors.ts (Linux ~/.config/Code/User, macOS ~/Library/Application
// Support/Code/User, Windows %APPDATA%\Code\User; Insiders, Cursor, VSCodium
// and code-server alike). The workspaces of editors running Scry's extension
// are swept too, wherever their storage lives. No session-end hook: the
// sweep picks sessions up.
import * as path from 'node:path';
import { distillCopilot } from '../distill/copilot';
import { editorUserDirs } from './editors';
import type { TranscriptSource } from './source';
import { entries } from './walk';

const SESSION_RE = /\.jsonl?$/;

export const copilot = {
  id: 'copilot',
  holds: 'a VS Code chat session (chatSessions/*.json or .jsonl) or a workspaceStorage folder',
  configKey: 'copilot',
  conversational: true,
  defaultRoots: (where) => {
    const roots = editorUserDirs(where).flatMap((u) => [path.join(u, 'workspaceStorage'), path.join(u, 'globalStorage', 'emptyWindowChatSessions')]);
    for (const s of where.editorStorage?.() ?? []) if (s.workspaceDir) roots.push(s.workspaceDir);
    return [...new Set(roots)];
  },
  discover: (root) => {
    const sessionsIn = (dir: string): Array<{ path: string }> =>
      entries(dir)
        .filter((e) => e.isFile() && SESSION_RE.test(e.name))
        .map((e) => ({ path: path.join(dir, e.name) }));
    if (SESSION_RE.test(root)) return [{ path: root }];
    const base = path.basename(root);
    // A chatSessions folder, the empty-window folder, one workspace's folder, or workspaceStorage holding many.
    if (base === 'chatSessions' || base === 'emptyWindowChatSessions') return sessionsIn(root);
    const own = sessionsIn(path.join(root, 'chatSessions'));
    if (own.length > 0) return own;
    return entries(root)
      .filter((e) => e.isDirectory())
      .flatMap((e) => sessionsIn(path.join(root, e.name, 'chatSessions')));
  },
  distill: distillCopilot,
} as const satisfies TranscriptSource<'copilot'>;
