// The Anthropic Messages API, key from the environment variable the config names.
import { buildPrompt } from '../prompt';
import type { ExtractReply, ExtractRequest, Provider } from '../provider';
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
    const key = apiKey(this.name, this.options.apiKeyEnv ?? 'ANTHROPIC_API_KEY', this.options.env ?? process.env, true)!;
    const prompt = buildPrompt(req);
    const body = { model: this.model, max_tokens: 4096, messages: [{ role: 'user', content: prompt }] };
    const res = (await postJson(
      this.name,
      `${this.baseUrl}/v1/messages`,
      { 'x-api-key': key, 'anthropic-version': ANTHROPIC_VERSION },
      body,
      this.timeoutMs,
      signal,
    )) as {
      content?: Array<{ type?: string; text?: string }>;
      usage?: { input_tokens?: number; output_tokens?: number };
    };
    const text = (res.content ?? [])
      .filter((c) => c.type === 'text')
      .map((c) => c.text ?? '')
      .join('');
    const extraction = parseReply(this.name, text);
    const tokens = (res.usage?.input_tokens ?? estimateTokens(prompt)) + (res.usage?.output_tokens ?? estimateTokens(text));
    return { extraction, tokens };
  }
}
