// The agents' session stores memory reads, as setup's last word: asked of a
// daemon that is already running (setup never starts one), so the list is
// the daemon's own, from its source registry and the user's home. With no
// daemon running, it says where the list is.
import { connectRunning } from '../client';
import { MemoryStatusMethod } from '../protocol/memory';
import type { SetupContext } from './context';

export async function listStores(ctx: SetupContext): Promise<void> {
  const client = await connectRunning(ctx.scryHome).catch(() => undefined);
  if (!client) {
    ctx.out('memory: scry memory sweep (or scry memory status) lists the agent session stores found on this machine\n');
    return;
  }
  try {
    const status = await client.request(MemoryStatusMethod.type, {});
    const found = (status.sources ?? []).filter((s) => (s.stores?.length ?? 0) > 0);
    if (found.length === 0) ctx.out('memory: no agent session store found on this machine yet\n');
    for (const s of found)
      ctx.out(
        `memory: ${s.id}: ${s.stores!.join(', ')}${s.sessions_found !== undefined ? `, ${s.sessions_found} sessions found` : ''}, ${s.sessions_ingested ?? 0} ingested${s.failed?.length ? `, ${s.failed.length} unreadable (scry memory status says why)` : ''}\n`,
      );
  } catch {
    ctx.out('memory: scry memory status lists the agent session stores found on this machine\n');
  } finally {
    client.dispose();
  }
}
