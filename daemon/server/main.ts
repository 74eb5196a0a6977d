// Entry point of dist/daemon.js: `node dist/daemon.js [--foreground]`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scryHome, startingDir } from '../paths';
import { AlreadyRunningError, createDaemon } from './daemon';

async function main(): Promise<void> {
  const foreground = process.argv.includes('--foreground');
  const home = scryHome();
  const starting = path.join(startingDir(home), String(process.pid));
  process.on('exit', () => fs.rmSync(starting, { force: true }));
  let daemon;
  try {
    daemon = await createDaemon(home, { echoLog: foreground });
    fs.rmSync(starting, { force: true });
  } catch (err) {
    if (err instanceof AlreadyRunningError) {
      // Lost a start race to another daemon: that one serves; this one leaves quietly.
      if (foreground) process.stderr.write(`scry: ${err.message}\n`);
      process.exitCode = foreground ? 1 : 0;
      return;
    }
    throw err;
  }
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
  process.on('uncaughtException', (err) => daemon.logger.log(`uncaught: ${err.stack ?? err.message}`));
  process.on('unhandledRejection', (err) => daemon.logger.log(`unhandled rejection: ${String(err)}`));
  void daemon.stopped.then(() => stop('shutdown request'));
}

main().catch((err: unknown) => {
  process.stderr.write(`scryd: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
