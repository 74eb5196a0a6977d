export interface HttpProviderOptions {
  name?: string;
  model?: string;
  baseUrl?: string;
  /** Name of the environment variable that holds the key (never the key). */
  apiKeyEnv?: string;
  timeoutMs: number;
  cooldownMs: number;
  /** Where keys are read from; the process environment unless a test passes its own. */
  env?: NodeJS.ProcessEnv;
}

/** What the two HTTP providers share: their name, model, endpoint and limits, from the config with per-API defaults. */
export abstract class HttpProviderBase {
  readonly usesModel = true;
  readonly name: string;
  readonly timeoutMs: number;
  readonly cooldownMs: number;
  protected readonly model: string;
  protected readonly baseUrl: string;

  constructor(
    protected readonly options: HttpProviderOptions,
    defaults: { name: string; model: string; baseUrl: string },
  ) {
    this.model = options.model ?? defaults.model;
    this.baseUrl = (options.baseUrl ?? defaults.baseUrl).replace(/\/+$/, '');
    this.name = options.name ?? defaults.name;
    this.timeoutMs = options.timeoutMs;
    this.cooldownMs = options.cooldownMs;
  }
}
