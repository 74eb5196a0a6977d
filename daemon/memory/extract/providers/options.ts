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
