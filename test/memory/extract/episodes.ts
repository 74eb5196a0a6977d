// Realistic distilled episodes (the shape the distillers produce: role blocks
// with breadcrumbs on their own lines) for the graph and extraction tests.
import { createHash } from 'node:crypto';
import { estimateTokens, type EpisodeDraft } from '../../../daemon/memory/episode';

let counter = 0;

export function draft(text: string, over: Partial<EpisodeDraft> = {}): EpisodeDraft {
  counter++;
  const sourcePath = over.sourcePath ?? `/home/ana/.claude/projects/-home-ana-src-hermes/session-${counter}.jsonl`;
  const lineStart = over.lineStart ?? 1;
  const lineEnd = over.lineEnd ?? 40;
  return {
    id: createHash('sha256').update(`${sourcePath}:${lineStart}-${lineEnd}`).digest('hex'),
    source: 'claude',
    sourcePath,
    sessionId: `session-${counter}`,
    lineStart,
    lineEnd,
    occurredAt: '2025-03-01T10:00:00.000Z',
    cwd: '/home/ana/src/hermes',
    repoRoot: '/home/ana/src/hermes',
    gitBranch: 'main',
    text,
    summary: text.split('\n')[0]!.slice(0, 200),
    tokens: estimateTokens(text),
    ...over,
  };
}

export const DEPLOY_SESSION = `user: the hermes api is down again, can you check the deploy box?
assistant: I'll look at the service on web-1.
[ran: ssh deploy@web-1 'sudo systemctl status hermes-api']
[ran: docker compose -f /tmp/hermes-compose-8f3a.yml logs --tail 50]
assistant: The container ran out of memory. I raised the limit and restarted it.
[ran: docker compose up -d]
[used github.create_issue]
assistant: Opened an issue to track the memory leak.
user: thanks. We decided to keep the API on web-1 until the migration is done.`;

export const SWITCH_SESSION = `user: npm installs take forever on CI
assistant: Let's use pnpm instead of npm for the workspace; it dedupes the store.
[ran: pnpm install]
[ran: pnpm test]
assistant: Tests pass with pnpm. The lockfile is pnpm-lock.yaml now.
user: ok, and switch from Jest to Vitest while you're at it.
[ran: npx vitest run]
[edited vitest.config.ts]`;

export const GENERIC_SESSION = `user: the server is slow and the database keeps timing out, check the app
assistant: I'll look at the api logs.
[ran: curl http://localhost:3000/health]
[ran: ls /tmp/build-3f9c2a1b]
[read /tmp/build-3f9c2a1b/out.log]
assistant: Build 9f8e7d6c5b4a failed at port 8080; request id 123e4567-e89b-12d3-a456-426614174000.
[ran: cat /var/tmp/x.log | grep ERROR]`;
