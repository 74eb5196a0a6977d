// Qwen Code sessions: ~/.qwen/projects/<cwd slug>/chats/<session>.jsonl
// (current), and the Gemini CLI chat files older Qwen Code wrote under
// ~/.qwen/tmp/<project>/chats/. The same place on every OS: Linux and macOS
// ~/.qwen, Windows %USERPROFILE%\.qwen.
import * as path from 'node:path';
import { distillQwen } from '../distill/qwen';
import { isChatFile } from './gemini';
import type { TranscriptSource } from './source';
import { filesUnder } from './walk';

export const qwen = {
  id: 'qwen',
  holds: 'a Qwen Code session .jsonl (~/.qwen/projects/<project>/chats/) or a folder of them',
  configKey: 'qwen',
  conversational: true,
  defaultRoots: ({ home }) => [path.join(home, '.qwen', 'projects'), path.join(home, '.qwen', 'tmp')],
  discover: (root) => filesUnder(root, (name) => name.endsWith('.jsonl') || isChatFile(name)).filter((f) => path.basename(path.dirname(f.path)) === 'chats'),
  distill: distillQwen,
} as const satisfies TranscriptSource<'qwen'>;
