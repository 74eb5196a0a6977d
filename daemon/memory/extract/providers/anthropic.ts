// The Anthropic Messages API, key from the environment variable the config names.
import { buildPrompt } from '../prompt';
import type { CompleteOptions, CompleteReply, ExtractReply, ExtractRequest, Provider } from '../provider';
import { parseReply } from '../reply';
import { estimateTokens } from '../../episode';
import { apiKey, postJson } from './http';
import { HttpProviderBase, type HttpProviderOptions } from './options';

export const ANTHROPIC_VERSION = '2023-06-01';

export class AnthropicProvider extends HttpProviderBase implements Provider {
  readonly type = 'anthropic';

  constructor(options: HttpProviderOptions) {
    super(options, { name: 'anthropic', model: 'claude-haiku-4-5', baseUrl: 'https://api.anthropic.com' });
  }

  async extract(req: ExtractRequest, signal: AbortSignal): Promise<ExtractReply> {
    const reply = await this.message(buildPrompt(req), 4096, this.timeoutMs, signal);
    return { extraction: parseReply(this.name, reply.text), tokens: reply.tokens };
  }

  complete(prompt: string, o: CompleteOptions): Promise<CompleteReply> {
    return this.message(prompt, o.maxTokens, o.timeoutMs, o.signal);
  }

  private async message(prompt: string, maxTokens: number, timeoutMs: number, signal: AbortSignal): Promise<CompleteReply> {
    const key = apiKey(this.name, this.options.apiKeyEnv ?? 'ANTHROPIC_API_KEY', this.options.env ?? process.env, true)!;
    const body = { model: this.model, max_tokens: maxTokens, messages: [{ role: 'user', content: prompt }] };
    const res = (await postJson(
      this.name,
      `${this.baseUrl}/v1/messages`,
      { 'x-api-key': key, 'anthropic-version': ANTHROPIC_VERSION },
      body,
      timeoutMs,
      signal,
    )) as {
      content?: Array<{ type?: string; text?: string }>;
      usage?: { input_tokens?: number; output_tokens?: number };
    };
    const text = (res.content ?? [])
      .filter((c) => c.type === 'text')
      .map((c) => c.text ?? '')
      .join('');
    return { text, tokens: (res.usage?.input_tokens ?? estimateTokens(prompt)) + (res.usage?.output_tokens ?? estimateTokens(text)) };
  }
}
