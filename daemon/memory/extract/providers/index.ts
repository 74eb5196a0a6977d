// Providers in the order config.yaml lists them. Nothing here makes a network
// call; a provider only talks to its endpoint when the chain hands it an episode.
import type { MemoryConfig } from '../../config';
import type { Provider } from '../provider';
import { AnthropicProvider } from './anthropic';
import { ClaudeCliProvider } from './claude-cli';
import { OfflineProvider } from './offline';
import { OpenAiProvider } from './openai';

export function createProviders(config: MemoryConfig, context: { home: string; env?: NodeJS.ProcessEnv }): Provider[] {
  return config.providers.map((p): Provider => {
    const common = { name: p.name, model: p.model, timeoutMs: p.timeoutMs, cooldownMs: p.cooldownMs, env: context.env };
    switch (p.type) {
      case 'claude-cli':
        return new ClaudeCliProvider({ home: context.home, model: p.model, timeoutMs: p.timeoutMs, cooldownMs: p.cooldownMs, env: context.env });
      case 'anthropic':
        return new AnthropicProvider({ ...common, baseUrl: p.baseUrl, apiKeyEnv: p.apiKeyEnv });
      case 'openai':
        return new OpenAiProvider({ ...common, baseUrl: p.baseUrl, apiKeyEnv: p.apiKeyEnv });
      case 'offline':
        return new OfflineProvider();
    }
  });
}

export { AnthropicProvider, ANTHROPIC_VERSION } from './anthropic';
export { ClaudeCliProvider, claudeProjectDirName, EXTRACTOR_ENV, extractorCwd, isExtractorSession } from './claude-cli';
export { extractOffline, OfflineProvider } from './offline';
export { OpenAiProvider } from './openai';
