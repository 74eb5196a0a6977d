// Stand-in for vscode-jsonrpc in the CLI bundle only (an esbuild alias in
// scripts/build.mjs). protocol.ts needs nothing from those classes at run time
// but the method name, and the CLI's own client (rpc.ts) speaks the wire
// format; this keeps ~55 KB of connection machinery off every CLI start.
// Type-checking still sees the real vscode-jsonrpc declarations.

export class RequestType<P, R, E> {
  readonly _: [P, R, E] | undefined = undefined;
  constructor(readonly method: string) {}
}

export class NotificationType<P> {
  readonly _: [P] | undefined = undefined;
  constructor(readonly method: string) {}
}
