// OpenAI-compatible chat completions (OpenAI, Ollama, LM Studio, vLLM, …):
// base_url is required because it decides where episodes go; the key is
// optional because local servers take none.
import { buildPrompt } from '../prompt';
import type { CompleteOptions, CompleteReply, ExtractReply, ExtractRequest, Provider } from '../provider';
import { parseReply } from '../reply';
import { estimateTokens } from '../../episode';
import { apiKey, postJson } from './http';
import { HttpProviderBase, type HttpProviderOptions } from './options';

export class OpenAiProvider extends HttpProviderBase implements Provider {
  readonly type = 'openai';

  constructor(options: HttpProviderOptions) {
    super(options, { name: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1' });
  }

  async extract(req: ExtractRequest, signal: AbortSignal): Promise<ExtractReply> {
    const reply = await this.chat(buildPrompt(req), { json: true }, this.timeoutMs, signal);
    return { extraction: parseReply(this.name, reply.text), tokens: reply.tokens };
  }

  complete(prompt: string, o: CompleteOptions): Promise<CompleteReply> {
    return this.chat(prompt, { maxTokens: o.maxTokens }, o.timeoutMs, o.signal);
  }

  /** One chat completion; `json` asks for an extraction's JSON object, `maxTokens` caps a short reply. */
  private async chat(prompt: string, o: { json?: boolean; maxTokens?: number }, timeoutMs: number, signal: AbortSignal): Promise<CompleteReply> {
    const key = apiKey(this.name, this.options.apiKeyEnv, this.options.env ?? process.env, this.options.apiKeyEnv !== undefined);
    const body = {
      model: this.model,
      temperature: 0,
      // Servers that support response_format then guarantee an object; those that do not ignore it.
      ...(o.json ? { response_format: { type: 'json_object' } } : {}),
      ...(o.maxTokens ? { max_tokens: o.maxTokens } : {}),
      messages: [...(o.json ? [{ role: 'system', content: 'You extract knowledge graphs and reply with JSON only.' }] : []), { role: 'user', content: prompt }],
    };
    const res = (await postJson(this.name, `${this.baseUrl}/chat/completions`, key ? { authorization: `Bearer ${key}` } : {}, body, timeoutMs, signal)) as {
      choices?: Array<{ message?: { content?: string | null } }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
    };
    const text = res.choices?.[0]?.message?.content ?? '';
    return { text, tokens: (res.usage?.prompt_tokens ?? estimateTokens(prompt)) + (res.usage?.completion_tokens ?? estimateTokens(text)) };
  }
}
