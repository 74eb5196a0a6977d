// Gemini CLI chats: <GEMINI_CLI_HOME or home>/.gemini/tmp/<project>/chats/
// session-*.jsonl (current) and session-*.json (before JSONL). The same
// place on every OS: Linux and macOS ~/.gemini/tmp, Windows
// %USERPROFILE%\.gemini\tmp. Gemini CLI's SessionEnd hook (settings.json
// "hooks", wired by `scry setup`) hands a finished chat over at once;
// otherwise the sweep picks chats up.
import * as path from 'node:path';
import { distillGemini } from '../distill/gemini';
import type { TranscriptSource } from './source';
import { filesUnder } from './walk';

export const isChatFile = (name: string): boolean => name.startsWith('session-') && (name.endsWith('.jsonl') || name.endsWith('.json'));

export const gemini = {
  id: 'gemini',
  holds: 'a Gemini CLI chat (session-*.jsonl or .json) or a folder of them (~/.gemini/tmp)',
  configKey: 'gemini',
  conversational: true,
  sessionEnd: 'gemini-cli',
  defaultRoots: ({ home, env }) => [path.join(env.GEMINI_CLI_HOME || home, '.gemini', 'tmp')],
  // Only chats/ folders: tmp/<project>/ also holds logs.json, shell history and checkpoints.
  discover: (root) => filesUnder(root, isChatFile).filter((f) => path.basename(path.dirname(f.path)) === 'chats'),
  distill: (file) => distillGemini(file),
} as const satisfies TranscriptSource<'gemini'>;
