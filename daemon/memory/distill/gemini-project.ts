// The project folder of a Gemini CLI (or Qwen Code) chat. Chats live under
// <home>/tmp/<project>/chats/, where <project> is a short name (current
// versions, which also write the folder's path to <project>/.project_root
// and map path → name in <home>/projects.json) or the sha256 of the path
// (older versions, whose chats carry that hash as projectHash). Read once
// per project folder per process.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { asRecord, asString } from './jsonl';

const cache = new Map<string, string | undefined>();

export function projectOfGeminiChat(file: string, projectHash: string | undefined): string | undefined {
  const projectDir = path.dirname(path.dirname(file));
  const key = `${projectDir}\n${projectHash ?? ''}`;
  if (cache.has(key)) return cache.get(key);
  const found = projectRoot(projectDir) ?? fromProjectsJson(path.dirname(path.dirname(projectDir)), path.basename(projectDir), projectHash);
  cache.set(key, found);
  return found;
}

function projectRoot(projectDir: string): string | undefined {
  try {
    const root = fs.readFileSync(path.join(projectDir, '.project_root'), 'utf8').trim();
    return path.isAbsolute(root) ? root : undefined;
  } catch {
    return undefined;
  }
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

function fromProjectsJson(agentHome: string, name: string, projectHash: string | undefined): string | undefined {
  let projects: Record<string, unknown> | undefined;
  try {
    projects = asRecord(asRecord(JSON.parse(fs.readFileSync(path.join(agentHome, 'projects.json'), 'utf8')))?.projects);
  } catch {
    return undefined;
  }
  for (const [folder, short] of Object.entries(projects ?? {})) {
    if (asString(short) === name || (projectHash !== undefined && sha256(folder) === projectHash) || sha256(folder) === name) return folder;
  }
  return undefined;
}
