// The seam between the daemon and what it serves. A domain (the code index,
// memory) declares its methods, the notifications it may send, its part of
// `scry status`, what to bring back at start and how to let go at stop. The
// server knows domains only through this interface; domains never import the
// server, a client, or each other.
import type { MethodDecl, NotificationDecl, ParamsOf, ResultOf, StatusParams, StatusResult } from './protocol';
import type * as z from 'zod/mini';

export interface DomainContext {
  /** SCRY_HOME. */
  readonly home: string;
  log(line: string): void;
  /** Detail for SCRY_LOG_LEVEL=debug only. */
  debug(line: string): void;
  /** A failure worth seeing even at SCRY_LOG_LEVEL=error. */
  error(line: string): void;
  /** Sends a notification to every connected client. */
  notify<N extends NotificationDecl>(notification: N, params: z.output<N['params']>): void;
}

/** One method a domain answers: its declaration and the function behind it. */
export interface Handler {
  readonly decl: MethodDecl;
  run(params: unknown): unknown;
}

/** Binds a declaration to its implementation; params arrive already checked against decl.params. */
export function handler<D extends MethodDecl>(decl: D, run: (params: ParamsOf<D>) => ResultOf<D> | Promise<ResultOf<D>>): Handler {
  return { decl, run: (params) => run(params as ParamsOf<D>) };
}

/** What a domain adds to the status answer (the daemon fills `daemon`). */
export type DomainStatus = Partial<Omit<StatusResult, 'daemon'>>;

export interface Domain {
  readonly name: string;
  readonly methods: readonly Handler[];
  /** Notifications this domain sends (documentation and a check that none is undeclared). */
  readonly notifications: readonly NotificationDecl[];
  /** Its part of `scry status`. Must not open stores or start work as a side effect. */
  status(params: StatusParams): DomainStatus | Promise<DomainStatus>;
  /** Brings back what this SCRY_HOME held before (watchers, queues), once the socket serves. */
  restore(): void | Promise<void>;
  dispose(): Promise<void>;
}

export type DomainFactory = (ctx: DomainContext) => Domain;
