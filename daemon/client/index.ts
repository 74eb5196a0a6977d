// What every client (CLI, `scry mcp`, the editor) needs to reach the daemon:
// where it lives, whether it runs, the repo a folder belongs to, the RPC
// client, and one way to start and stop it.
export { ensureHome, logDir, scryHome, socketPath, startingDir } from '../paths';
export { findRepoRoot } from '../repos';
export {
  connectDaemon,
  connectRunning,
  DAEMON_MALLOC_ENV,
  DaemonStartError,
  spawnDaemon,
  stderrFile,
  stopDaemon,
  waitForExit,
  waitForSocket,
  type LaunchOptions,
  type SpawnedDaemon,
  type StopResult,
} from './launch';
export { isAlive } from './process';
export { RpcClient, RpcError, type Method, type Notification } from './rpc';
export { openSocket, tryConnect } from './socket';
