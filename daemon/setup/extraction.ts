// Memory extraction works offline with no model; a model makes it better.
// Setup asks once, at a terminal, whether to use the user's own Claude Code
// login for it (`claude -p` with a small model), showing what that costs.
// The answer goes into $SCRY_HOME/config.yaml as memory.providers, so the
// question is never asked again; no is written too (offline only). Without a
// terminal, or with --yes, nothing is asked and nothing changes: using
// someone's model quota is never a default.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, parseDocument, type Document } from 'yaml';
import { configFile } from '../config';
import { errorMessage } from '../errors';
import type { SetupContext } from './context';

/** The model setup configures: Claude Code's alias for its small, cheap model. */
export const EXTRACTION_MODEL = 'haiku';
/** The daily cap setup writes beside a yes, unless config.yaml sets one. */
export const EXTRACTION_DAILY_EPISODES = 200;

export const EXTRACTION_QUESTION = 'Use your Claude Code login for memory extraction? [y/N] ';

/** What a yes costs, said before the question. */
export function costNote(): string {
  return (
    [
      'memory: extraction turns sessions into entities and facts. It runs offline with no model; a model finds more.',
      `memory: scry can use your own Claude Code login for it: \`claude -p --model ${EXTRACTION_MODEL}\`, once per episode of about 4,000 tokens.`,
      "  Cost: each episode counts against your Claude plan's usage limits (billed by API instead: about a cent per episode or less on the small model).",
      `  A first sweep of a long history can be thousands of episodes; at most ${EXTRACTION_DAILY_EPISODES} a day are sent (memory.budget.daily_episodes).`,
      '  The default is no: offline only, nothing leaves this machine. Either way the answer is kept in config.yaml and not asked again.',
    ].join('\n') + '\n'
  );
}

/** Asks (once, at a terminal) and records the answer; true unless config.yaml could not be written. */
export async function offerClaudeExtraction(ctx: SetupContext, opts: { dryRun: boolean; yes: boolean; claudeFound: boolean }): Promise<boolean> {
  // Without Claude Code there is no login to use (registering with it already said it is missing).
  if (!opts.claudeFound) return true;
  const file = configFile(ctx.scryHome);
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // No config.yaml yet: the defaults (offline only).
  }
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    ctx.out(`memory: ${file} does not parse (${doc.errors[0]!.message.split('\n')[0]}); not asking about extraction. Fix it, then run scry setup again\n`);
    return true;
  }
  const providers = doc.getIn(['memory', 'providers']);
  if (providers !== undefined && providers !== null) {
    ctx.out(`memory: extraction providers are set in ${file} (${providerTypes(doc).join(', ') || 'none'}); not asking again\n`);
    return true;
  }
  if (opts.dryRun) {
    ctx.out('memory: would ask whether to use your Claude Code login for memory extraction (default no)\n');
    return true;
  }
  if (!ctx.interactive || opts.yes) {
    ctx.out(
      'memory: extraction stays offline. To let your Claude Code login extract (a small model, it uses your plan), run scry setup in a terminal and answer yes\n',
    );
    return true;
  }
  ctx.out(costNote());
  const yes = await ctx.confirm(EXTRACTION_QUESTION);
  setProviders(doc, yes);
  try {
    writeConfig(file, doc);
  } catch (err) {
    ctx.out(`memory: could not write ${file}: ${errorMessage(err)}\n`);
    return false;
  }
  ctx.out(
    yes
      ? `memory: extraction uses claude-cli (${EXTRACTION_MODEL}), then offline; written to ${file}\n`
      : `memory: extraction stays offline; written to ${file}\n`,
  );
  return true;
}

function providerTypes(doc: Document): string[] {
  const list: unknown = doc.getIn(['memory', 'providers']);
  const json: unknown = list && typeof list === 'object' && 'toJSON' in list ? (list as { toJSON(): unknown }).toJSON() : list;
  if (!Array.isArray(json)) return [];
  return json.flatMap((p: unknown) => (p && typeof p === 'object' && 'type' in p && typeof p.type === 'string' ? [p.type] : []));
}

function setProviders(doc: Document, yes: boolean): void {
  if (!isMap(doc.contents)) doc.contents = doc.createNode({});
  const list = yes ? [{ type: 'claude-cli', model: EXTRACTION_MODEL }, { type: 'offline' }] : [{ type: 'offline' }];
  const node = doc.createNode(list);
  node.commentBefore = yes
    ? ' scry setup: your Claude Code login extracts first (a small model), offline when it cannot'
    : ' scry setup: offline only (you said no to using your Claude Code login). Add "- type: claude-cli" above offline to change that';
  doc.setIn(['memory', 'providers'], node);
  if (yes && doc.getIn(['memory', 'budget', 'daily_episodes']) === undefined) doc.setIn(['memory', 'budget', 'daily_episodes'], EXTRACTION_DAILY_EPISODES);
}

/** Written whole or not at all: the daemon re-reads this file at any moment. */
function writeConfig(file: string, doc: Document): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, doc.toString(), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
