// The DistilledSession every distiller ends with: what it read (turns and
// counts), then what the transcript says about where and when the session
// ran, each field set only when known, and the git root of its directory.
import type { DistilledSession } from '../episode';
import { gitRoot } from './repo';

export type SessionCore = Pick<
  DistilledSession,
  'source' | 'path' | 'sessionId' | 'title' | 'turns' | 'consumedBytes' | 'lines' | 'unknownTypes' | 'malformedLines' | 'redactions'
>;

export interface SessionFacts {
  parentSessionId?: string;
  cwd?: string;
  gitBranch?: string;
  startedAt?: string;
  endedAt?: string;
  title?: string;
}

export function assembleSession(core: SessionCore, facts: SessionFacts): DistilledSession {
  const session: DistilledSession = { ...core };
  if (facts.parentSessionId) session.parentSessionId = facts.parentSessionId;
  if (facts.cwd) session.cwd = facts.cwd;
  if (facts.gitBranch) session.gitBranch = facts.gitBranch;
  const root = gitRoot(facts.cwd);
  if (root) session.repoRoot = root;
  if (facts.startedAt) session.startedAt = facts.startedAt;
  if (facts.endedAt) session.endedAt = facts.endedAt;
  if (facts.title && session.title === undefined) session.title = facts.title;
  return session;
}
