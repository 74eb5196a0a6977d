// The user's own Claude Code, run headless: `claude -p --output-format json`
// with the prompt on stdin. Its session must never come back as an episode, so
// it runs (1) with its cwd in SCRY_HOME/memory/extractor, which Claude Code
// records as the session's cwd and encodes into the project folder name under
// ~/.claude/projects, and (2) with SCRY_EXTRACTOR=1 in its environment, which
// Scry's own SessionStart/SessionEnd hooks see and then do nothing. The ingest
// side skips a transcript when isExtractorSession(cwd) holds or when its first
// user turn starts with PROMPT_MARKER.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { estimateTokens } from '../../episode';
import { ProviderFailedError, ProviderTimeoutError, ProviderUnavailableError } from '../errors';
import { buildPrompt } from '../prompt';
import type { CompleteOptions, CompleteReply, ExtractReply, ExtractRequest, Provider } from '../provider';
import { parseReply } from '../reply';

export const EXTRACTOR_ENV = 'SCRY_EXTRACTOR';

/** The working directory extractor sessions run in. */
export const extractorCwd = (home: string): string => path.join(home, 'memory', 'extractor');

/** True for a transcript whose recorded cwd is the extractor's: skip it at ingest. */
export function isExtractorSession(cwd: string | undefined, home: string): boolean {
  if (!cwd) return false;
  const dir = path.resolve(extractorCwd(home));
  const c = path.resolve(cwd);
  return c === dir || c.startsWith(dir + path.sep);
}

/**
 * Claude Code's folder name for a cwd under ~/.claude/projects (every
 * character that is not a letter, digit or '-' becomes '-'), so a sweep can
 * skip the extractor's folder without opening it.
 */
export const claudeProjectDirName = (cwd: string): string => path.resolve(cwd).replace(/[^a-zA-Z0-9-]/g, '-');

export interface ClaudeCliOptions {
  home: string;
  model?: string;
  command?: string;
  timeoutMs: number;
  cooldownMs: number;
  env?: NodeJS.ProcessEnv;
}

const COOLDOWN_WORDS = /rate.?limit|usage limit|quota|credit|log ?in|logged out|auth|api key|unauthori[sz]ed|forbidden|overloaded/i;

export class ClaudeCliProvider implements Provider {
  readonly type = 'claude-cli';
  readonly usesModel = true;
  readonly name = 'claude-cli';
  readonly timeoutMs: number;
  readonly cooldownMs: number;

  constructor(private readonly options: ClaudeCliOptions) {
    this.timeoutMs = options.timeoutMs;
    this.cooldownMs = options.cooldownMs;
  }

  async extract(req: ExtractRequest, signal: AbortSignal): Promise<ExtractReply> {
    const reply = await this.ask(buildPrompt(req), this.timeoutMs, signal);
    return { extraction: parseReply(this.name, reply.text), tokens: reply.tokens };
  }

  complete(prompt: string, o: CompleteOptions): Promise<CompleteReply> {
    return this.ask(prompt, o.timeoutMs, o.signal);
  }

  /** One headless run: the prompt on stdin, the reply's text out of the JSON envelope. */
  private async ask(prompt: string, timeoutMs: number, signal: AbortSignal): Promise<CompleteReply> {
    const cwd = extractorCwd(this.options.home);
    fs.mkdirSync(cwd, { recursive: true, mode: 0o700 });
    const args = ['-p', '--output-format', 'json', ...(this.options.model ? ['--model', this.options.model] : [])];
    const { code, stdout, stderr, timedOut } = await run(this.options.command ?? 'claude', args, prompt, {
      cwd,
      env: { ...(this.options.env ?? process.env), [EXTRACTOR_ENV]: '1' },
      timeoutMs,
      signal,
      provider: this.name,
    });
    if (timedOut) throw new ProviderTimeoutError(this.name, timeoutMs);
    let envelope: { result?: unknown; is_error?: unknown; usage?: { input_tokens?: number; output_tokens?: number } } | undefined;
    try {
      envelope = JSON.parse(stdout) as typeof envelope;
    } catch {
      envelope = undefined;
    }
    const message = typeof envelope?.result === 'string' ? envelope.result : '';
    if (code !== 0 || envelope?.is_error === true) {
      const detail = (message || stderr || stdout).trim().split('\n').pop()?.slice(0, 200) ?? '';
      if (COOLDOWN_WORDS.test(detail))
        throw new ProviderUnavailableError(
          this.name,
          `claude exited ${code}: ${detail}`,
          'Run claude once in a terminal to log in, or wait for its usage limit to reset',
        );
      throw new ProviderFailedError(this.name, `claude exited ${code}: ${detail}`);
    }
    if (!envelope) throw new ProviderFailedError(this.name, `claude printed no JSON envelope: ${stdout.slice(0, 80)}`);
    const tokens = (envelope.usage?.input_tokens ?? estimateTokens(prompt)) + (envelope.usage?.output_tokens ?? estimateTokens(message));
    return { text: message, tokens };
  }
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(
  command: string,
  args: string[],
  input: string,
  o: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; signal: AbortSignal; provider: string },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: o.cwd, env: o.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const kill = (): void => {
      timedOut = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, o.timeoutMs);
    o.signal.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    // A child that exits before reading its stdin must not crash the daemon with EPIPE.
    child.stdin.on('error', () => undefined);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      o.signal.removeEventListener('abort', kill);
      if (err.code === 'ENOENT')
        reject(
          new ProviderUnavailableError(
            o.provider,
            `'${command}' is not on PATH`,
            'Install Claude Code (npm i -g @anthropic-ai/claude-code) or remove claude-cli from memory.providers',
          ),
        );
      else reject(new ProviderFailedError(o.provider, `could not start '${command}': ${err.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      o.signal.removeEventListener('abort', kill);
      resolve({ code, stdout, stderr, timedOut });
    });
    child.stdin.end(input);
  });
}
