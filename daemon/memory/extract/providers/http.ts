// One POST for the HTTP providers, with the provider's own timeout and the
// episode's deadline combined, and every failure turned into a ProviderError.
import { deadline } from '../deadline';
import { ProviderHttpError, ProviderTimeoutError, ProviderUnavailableError } from '../errors';

export async function postJson(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<unknown> {
  const limit = deadline(timeoutMs, signal);
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: limit.signal });
    text = await res.text();
  } catch (err) {
    if (limit.signal.aborted) throw new ProviderTimeoutError(provider, timeoutMs);
    // Nothing listening (an Ollama that is not running) is the provider's state, not the episode's.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ProviderUnavailableError(
      provider,
      `cannot reach ${new URL(url).origin}: ${cause?.code ?? cause?.message ?? (err as Error).message}`,
      'Start the server or fix base_url in config.yaml',
    );
  } finally {
    limit.dispose();
  }
  if (!res.ok) throw new ProviderHttpError(provider, res.status, errorDetail(text), retryAfter(res.headers.get('retry-after')));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A 200 whose envelope is not JSON: the same as a reply we cannot read.
    throw new ProviderHttpError(provider, res.status, `response body is not JSON: ${text.slice(0, 80)}`);
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const secs = Number(header);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function errorDetail(text: string): string {
  try {
    const j = JSON.parse(text) as { error?: { message?: unknown } | string };
    const m = typeof j.error === 'string' ? j.error : j.error?.message;
    if (typeof m === 'string') return m.slice(0, 200);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 200);
}

/** The key from the environment variable the config names; never from the file. */
export function apiKey(provider: string, envName: string | undefined, env: NodeJS.ProcessEnv, required: boolean): string | undefined {
  if (!envName) {
    if (required)
      throw new ProviderUnavailableError(
        provider,
        'no api_key_env configured',
        'Set api_key_env in config.yaml to the name of the environment variable holding the key',
      );
    return undefined;
  }
  const key = env[envName];
  if (!key && required)
    throw new ProviderUnavailableError(provider, `environment variable ${envName} is not set`, `Export ${envName} in the environment the daemon starts from`);
  return key || undefined;
}
