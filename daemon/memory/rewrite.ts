// recall's query rewrite (issue 37, item 6). With memory.recall.rewrite on and
// a model provider configured, the first model provider of the chain that is
// not cooling down rewords the query into the words a past session more
// likely used; recall then searches what the sessions said by both and fuses
// the two rankings (recall-passages.ts). The query is redacted before it
// leaves the machine, a reply is kept per query, the tokens count against the
// daily budget, and a provider that fails on auth, quota or rate cools down
// for extraction and rewrite alike. A slow or failing provider only costs its
// rewrite_timeout_ms: recall answers from the query's own words.
import { errorMessage } from '../protocol/errors';
import type { MemoryConfig } from './config';
import { cooldownAfter, coolingDown, utcDay } from './extract/chain';
import type { Provider } from './extract/provider';
import { createProviders } from './extract/providers';
import { redact } from './redact';
import type { MemoryStore } from './store';

/** The prompt the model answers; `{question}` is the redacted query. Its canned replies for the real sets are test/fixtures/memory/recall-rewrites. */
export const REWRITE_PROMPT = `You help search a developer's memory of past coding-agent sessions: what they asked, what the agent answered, the commands it ran and the files it touched. The search matches words (BM25 with stemming), so a question worded differently from what the session said can miss it.

Rewrite the question below into the words the past session most likely used for the same thing: synonyms, the technical terms, command, flag, file, tool and library names, error words. Keep the question's own names. Reply with one line of at most 20 search terms or short phrases separated by spaces, and nothing else.

Question: {question}
`;

/** A name or two words is looked up as it is: only a question in words is reworded. */
const MIN_WORDS = 3;
/** Long enough for 20 terms; a reply is cut there. */
const MAX_TOKENS = 120;
const MAX_CHARS = 400;
const CACHED = 256;

/** What recall says of a rewrite: the words it added and who gave them, or why there are none. */
export interface Rewrite {
  provider: string;
  terms?: string;
  error?: string;
}

/** The reply's first line of words: list marks, quotes and a leading "Search terms:" dropped, cut to MAX_CHARS. */
export function rewriteTerms(reply: string): string {
  const line =
    reply
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  return line
    .replace(/^(?:[-*•]\s*|\d+[.)]\s*)/, '')
    .replace(/^(?:search )?(?:terms|keywords|rewrite)\s*:\s*/i, '')
    .replace(/["“”`]/g, ' ')
    .replace(/\s*[,;|]\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_CHARS);
}

export class QueryRewriter {
  private chain?: { config: MemoryConfig; providers: Provider[] };
  /** Replies by provider and query, oldest first (a Map keeps insertion order). */
  private readonly replies = new Map<string, string>();

  constructor(
    private readonly store: MemoryStore,
    private readonly context: { home: string; env?: NodeJS.ProcessEnv; now?: () => Date },
    /** The configuration in force (memory.recall and the providers), read again only when its file changed. */
    private readonly config: () => MemoryConfig,
  ) {}

  /** The rewrite of `query`, or undefined when rewriting is off, the query is a name, or no model provider can be asked now. */
  async rewrite(query: string): Promise<Rewrite | undefined> {
    const config = this.config();
    if (!config.recall.rewrite || query.trim().split(/\s+/).length < MIN_WORDS) return undefined;
    const provider = this.pick(config);
    if (!provider?.complete) return undefined;
    const key = `${provider.name}\0${query}`;
    const known = this.replies.get(key);
    if (known !== undefined) {
      this.replies.delete(key);
      this.replies.set(key, known);
      return { provider: provider.name, terms: known };
    }
    const now = this.context.now ?? (() => new Date());
    try {
      const reply = await provider.complete(REWRITE_PROMPT.replace('{question}', redact(query).text), {
        maxTokens: MAX_TOKENS,
        timeoutMs: config.recall.rewriteTimeoutMs,
        signal: new AbortController().signal,
      });
      this.store.addBudgetUsage(utcDay(now()), provider.name, reply.tokens, 0);
      // The model's words are shown to the agent too: redacted like anything else that leaves.
      const terms = redact(rewriteTerms(reply.text)).text;
      this.replies.set(key, terms);
      if (this.replies.size > CACHED) this.replies.delete(this.replies.keys().next().value!);
      return { provider: provider.name, terms };
    } catch (err) {
      // Auth, quota and rate are the provider's state: extraction skips it too until the cooldown ends.
      const until = cooldownAfter(provider, err, now());
      if (until) this.store.recordProviderFailure(provider.name, (err as Error).message, until);
      return { provider: provider.name, error: errorMessage(err) };
    }
  }

  /** The first model provider that is not cooling down, while the day's budget lasts. */
  private pick(config: MemoryConfig): Provider | undefined {
    if (this.chain?.config !== config) this.chain = { config, providers: createProviders(config, this.context) };
    const now = (this.context.now ?? (() => new Date()))();
    const { dailyTokens } = config.budget;
    if (dailyTokens !== undefined && this.store.budgetUsage(utcDay(now)).tokens >= dailyTokens) return undefined;
    return this.chain.providers.find((p) => p.usesModel && !coolingDown(this.store.providerState(p.name), now));
  }
}
