// Every error code that crosses the socket, in one place, so none collides.
// JSON-RPC reserves -32768..-32000; -32602 (invalid params) and -32603
// (internal) are its own; Scry's start at -32001.
import { printable } from './printable';

export const ErrorCode = {
  InvalidParams: -32602,
  Internal: -32603,
  MethodNotFound: -32601,
  Generic: -32000,
  // daemon and clients
  DaemonUnavailable: -32001,
  ConnectionClosed: -32099,
  AlreadyRunning: -32002,
  NativeModule: -32003,
  // code domain
  RepoNotFound: -32010,
  ScipDecode: -32011,
  IndexerMissing: -32012,
  IndexerFailed: -32013,
  NotIndexed: -32014,
  FileNotIndexed: -32015,
  ChecksumMismatch: -32016,
  DownloadFailed: -32017,
  IndexUnreadable: -32018,
  UnsafeRoot: -32025,
  NotARepo: -32026,
  // memory domain
  MemorySchema: -32100,
  EpisodeNotFound: -32101,
  EntityNotFound: -32102,
  FactNotFound: -32103,
  AmbiguousEpisode: -32104,
  Config: -32110,
  ConfigSecret: -32111,
  EmptyReply: -32120,
  MalformedReply: -32121,
  ReplySchema: -32122,
  ProviderTimeout: -32123,
  ProviderHttp: -32124,
  ProviderUnavailable: -32125,
  ProviderFailed: -32126,
  ExtractionFailed: -32127,
  RunFormat: -32130,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** What an error carries across the socket besides code and message: the fix, printed once by the client. */
export interface ErrorData {
  remedy?: string;
}

/**
 * The one error type every Scry failure is. The message names the input it
 * failed on; the remedy says what to do. They are kept apart (the remedy
 * travels as the JSON-RPC error's data) and joined once, by oneLine(), where
 * a person or an agent reads them.
 */
export class ScryError extends Error {
  /** JSON-RPC error code used when this error crosses the socket. */
  readonly code: number = ErrorCode.Generic;
  constructor(
    message: string,
    readonly remedy?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** Message and remedy on one line, the form clients print. */
  oneLine(): string {
    return this.remedy ? `${this.message}. ${this.remedy}` : this.message;
  }
}

/** An error the daemon answered with, rebuilt on the client side with its code and remedy. */
export class RemoteError extends ScryError {
  override readonly code: number;
  constructor(code: number, message: string, remedy?: string) {
    super(message, remedy);
    this.code = code;
  }
}

/** Any thrown value as one line: a ScryError with its remedy, an Error's message, else its string form. */
export function errorMessage(err: unknown): string {
  return printable(rawMessage(err));
}

function rawMessage(err: unknown): string {
  if (err instanceof ScryError) return err.oneLine();
  if (err instanceof Error) {
    // vscode-jsonrpc's ResponseError (the extension's side of the socket) carries the remedy as data.
    const remedy = (err as { data?: ErrorData }).data?.remedy;
    return typeof remedy === 'string' && remedy !== '' ? `${err.message}. ${remedy}` : err.message;
  }
  return String(err);
}
