// Entry point of dist/daemon.js: `node dist/daemon.js [--foreground]`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createCodeDomain, type CodeDomain } from '../code';
import type { DomainContext } from '../domain';
import { AlreadyRunningError, errorMessage } from '../errors';
import { forgetAddedMallocEnv } from '../malloc-env';
import { createMemoryDomain, type MemoryDomain } from '../memory';
import { scryHome, startingDir } from '../paths';
import { createDaemon } from './daemon';
import { logLevelFromEnv } from './log';

async function main(): Promise<void> {
  // glibc read the launcher's settings as this process started; what it starts gets the user's own.
  forgetAddedMallocEnv();
  const foreground = process.argv.includes('--foreground');
  const home = scryHome();
  const starting = path.join(startingDir(home), String(process.pid));
  process.on('exit', () => fs.rmSync(starting, { force: true }));
  const { level, invalid } = logLevelFromEnv();
  let daemon;
  try {
    // Memory asks the code index about the code its sessions mention only through the lookup the code domain hands over,
    // and code answers carry what memory remembers only through the notes the memory domain hands over (protocol/anchors.ts).
    let code: CodeDomain | undefined;
    let memory: MemoryDomain | undefined;
    const codeFactory = createCodeDomain({ memory: () => memory?.notes });
    const memoryFactory = createMemoryDomain({ code: () => code?.lookup, repos: () => code?.indexedRepos() ?? [] });
    const domains = [(ctx: DomainContext) => (code = codeFactory(ctx)), (ctx: DomainContext) => (memory = memoryFactory(ctx))];
    daemon = await createDaemon(home, domains, { echoLog: foreground, logLevel: level });
    fs.rmSync(starting, { force: true });
  } catch (err) {
    if (err instanceof AlreadyRunningError) {
      // Lost a start race to another daemon: that one serves; this one leaves quietly.
      if (foreground) process.stderr.write(`scry: ${err.oneLine()}\n`);
      process.exitCode = foreground ? 1 : 0;
      return;
    }
    throw err;
  }
  if (invalid !== undefined) daemon.logger.error(`SCRY_LOG_LEVEL '${invalid}' is not one of error, info, debug; logging at info`);
  let stopping = false;
  const stop = (why: string): void => {
    if (stopping) return;
    stopping = true;
    daemon.logger.log(`stopping: ${why}`);
    void daemon.dispose().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => stop('SIGHUP'));
  process.on('uncaughtException', (err) => daemon.logger.error(`uncaught: ${err.stack ?? err.message}`));
  process.on('unhandledRejection', (err) => daemon.logger.error(`unhandled rejection: ${String(err)}`));
  void daemon.stopped.then(() => stop('shutdown request'));
}

main().catch((err: unknown) => {
  process.stderr.write(`scryd: ${errorMessage(err)}\n`);
  process.exitCode = 1;
});
