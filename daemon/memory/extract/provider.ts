// What a provider is to the chain: something that turns one episode into a
// validated Extraction, or throws a ProviderError saying why not.
import type { GlossaryEntry, StoredEpisode } from '../store';
import type { Extraction } from './schema';

export type ProviderType = 'claude-cli' | 'anthropic' | 'openai' | 'offline';

export interface ExtractRequest {
  episode: StoredEpisode;
  glossary: readonly GlossaryEntry[];
  /** The time relative phrases ("yesterday", "since Monday") are read against: when the episode happened. */
  referenceTime: string;
}

export interface ExtractReply {
  extraction: Extraction;
  /** Tokens spent (prompt + reply, as reported or estimated), for the daily budget. */
  tokens: number;
}

export interface Provider {
  /** Unique in the chain (type, or type:model), the key of its status. */
  readonly name: string;
  readonly type: ProviderType;
  /** Model providers count against the budget; offline does not. */
  readonly usesModel: boolean;
  /** Its own time limit; the chain also passes the episode's deadline in `signal`. */
  readonly timeoutMs: number;
  /** How long to skip it after an auth/quota/rate failure when it gives no Retry-After. */
  readonly cooldownMs: number;
  extract(request: ExtractRequest, signal: AbortSignal): Promise<ExtractReply>;
  /** A short free-text reply to one prompt (recall's query rewrite); model providers only. */
  complete?(prompt: string, options: CompleteOptions): Promise<CompleteReply>;
}

export interface CompleteOptions {
  /** The reply's length cap, in tokens. */
  maxTokens: number;
  /** Its own time limit, shorter than an extraction's. */
  timeoutMs: number;
  signal: AbortSignal;
}

export interface CompleteReply {
  text: string;
  /** Tokens spent (prompt + reply, as reported or estimated). */
  tokens: number;
}
