// Why a provider could not extract an episode. `cooldown` says the provider
// itself is unusable for a while (auth, quota, rate, missing key or binary), so
// the chain skips it for the next episodes instead of failing each one.
import { ErrorCode, ScryError } from '../../errors';

export abstract class ProviderError extends ScryError {
  /** Skip this provider for a while rather than retrying it per episode. */
  readonly cooldown: boolean = false;
  /** What the provider asked for (Retry-After), when it said. */
  readonly retryAfterMs?: number;
  constructor(
    readonly provider: string,
    message: string,
    remedy?: string,
  ) {
    super(`provider '${provider}': ${message}`, remedy);
  }
}

export class EmptyReplyError extends ProviderError {
  override readonly code = ErrorCode.EmptyReply;
  constructor(provider: string) {
    super(provider, 'the model returned an empty reply');
  }
}

export class MalformedReplyError extends ProviderError {
  override readonly code = ErrorCode.MalformedReply;
  constructor(
    provider: string,
    readonly detail: string,
  ) {
    super(provider, `the reply is not JSON: ${detail}`);
  }
}

export class ReplySchemaError extends ProviderError {
  override readonly code = ErrorCode.ReplySchema;
  constructor(
    provider: string,
    readonly detail: string,
  ) {
    super(provider, `the reply does not match the extraction schema: ${detail}`);
  }
}

export class ProviderTimeoutError extends ProviderError {
  override readonly code = ErrorCode.ProviderTimeout;
  constructor(
    provider: string,
    readonly timeoutMs: number,
  ) {
    super(provider, `no reply within ${timeoutMs} ms`, 'Raise timeout_ms for it in config.yaml if the model is just slow');
  }
}

export class ProviderHttpError extends ProviderError {
  override readonly code = ErrorCode.ProviderHttp;
  override readonly cooldown: boolean;
  override readonly retryAfterMs?: number;
  constructor(
    provider: string,
    readonly status: number,
    detail: string,
    retryAfterMs?: number,
  ) {
    super(provider, `HTTP ${status}${detail ? `: ${detail}` : ''}`, remedyFor(status));
    // Auth, payment, permission and rate problems are the provider's, not the episode's.
    this.cooldown = status === 401 || status === 402 || status === 403 || status === 429;
    this.retryAfterMs = retryAfterMs;
  }
}

export class ProviderUnavailableError extends ProviderError {
  override readonly code = ErrorCode.ProviderUnavailable;
  override readonly cooldown = true;
  constructor(provider: string, detail: string, remedy: string) {
    super(provider, detail, remedy);
  }
}

export class ProviderFailedError extends ProviderError {
  override readonly code = ErrorCode.ProviderFailed;
  constructor(provider: string, detail: string) {
    super(provider, detail);
  }
}

/** Every provider in the chain failed or was skipped for one episode. */
export class ExtractionFailedError extends ScryError {
  override readonly code = ErrorCode.ExtractionFailed;
  constructor(
    readonly episodeId: string,
    readonly errors: readonly string[],
  ) {
    super(
      `no provider could extract episode '${episodeId}': ${errors.join('; ') || 'no provider configured'}`,
      'It stays stored; fix the provider (scry memory status) and run scry memory retry',
    );
  }
}

function remedyFor(status: number): string | undefined {
  if (status === 401 || status === 403) return 'Check the API key in the environment variable config.yaml names (api_key_env)';
  if (status === 402) return 'The account is out of credit';
  if (status === 429) return 'Rate limited; Scry waits before using this provider again';
  return undefined;
}
