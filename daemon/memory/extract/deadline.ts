// A deadline as an AbortSignal: aborts after `ms`, or as soon as any of the
// given signals does. The timer and the listeners are held here and released
// by dispose(). Not AbortSignal.any([AbortSignal.timeout(ms), …]): Node may
// collect the timeout signal inside the composite before it fires
// (nodejs/node#57736), so a slow model could run past its deadline.

export interface Deadline {
  readonly signal: AbortSignal;
  dispose(): void;
}

export function deadline(ms: number, ...signals: readonly AbortSignal[]): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new DOMException(`no reply within ${ms} ms`, 'TimeoutError'));
  }, ms);
  const listeners = signals.map((s) => {
    const onAbort = (): void => controller.abort(s.reason);
    if (s.aborted) onAbort();
    else s.addEventListener('abort', onAbort, { once: true });
    return () => s.removeEventListener('abort', onAbort);
  });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      for (const off of listeners) off();
    },
  };
}
