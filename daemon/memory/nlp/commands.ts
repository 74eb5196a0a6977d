// What an episode's commands name: the programs run (`wrangler deploy` →
// wrangler) and the machines reached (`ssh deploy@web-1` → web-1). Neither is
// an entity by being run; a program or host becomes one when the prose also
// talks about it (mentions.ts).
import * as path from 'node:path';
import { isAgentTool } from './agent-tools';

/** Prefixes that run another command: the program is the word after them. */
const WRAPPERS = new Set(['sudo', 'time', 'env', 'npx', 'bunx', 'pnpx', 'exec', 'nohup', 'command', 'doas', 'timeout', 'xargs']);
const REMOTE = new Set(['ssh', 'scp', 'rsync', 'mosh']);
/** ssh/scp options that take a value, so the value is not mistaken for the host. */
const SSH_VALUE_OPTS = new Set(['-p', '-P', '-i', '-l', '-o', '-F', '-J', '-L', '-R', '-D', '-e', '-b', '-c', '-m', '-S', '-W']);

export interface CommandNames {
  /** Programs run, lowercase, shell verbs left out, each with the first command that ran it. */
  programs: Map<string, string>;
  /** Hosts reached over ssh/scp/rsync, lowercase, each with the first command that reached it. */
  hosts: Map<string, string>;
}

export function namesInCommands(commands: readonly string[]): CommandNames {
  const programs = new Map<string, string>();
  const hosts = new Map<string, string>();
  for (const cmd of commands) {
    for (const segment of cmd.split(/&&|\|\||[;|]/)) {
      const words = segment
        .trim()
        .split(/\s+/)
        .filter((w) => w.length > 0);
      let i = 0;
      while (i < words.length && (WRAPPERS.has(words[i]!) || /^[A-Z_][A-Z0-9_]*=/.test(words[i]!) || /^-/.test(words[i]!))) i++;
      const first = words[i];
      if (!first) continue;
      const program = path.basename(first);
      // Programs are written in lowercase; `useTodos(` or `Dependencies:` is a line of something else.
      if (!/^[a-z][a-z0-9.+-]*$/.test(program) || isAgentTool(program)) continue;
      if (!programs.has(program)) programs.set(program, segment.trim());
      if (REMOTE.has(program)) {
        const host = remoteHost(program, words.slice(i + 1))?.toLowerCase();
        if (host && !hosts.has(host)) hosts.set(host, segment.trim());
      }
    }
  }
  return { programs, hosts };
}

function remoteHost(tool: string, args: string[]): string | undefined {
  for (let j = 0; j < args.length; j++) {
    const a = args[j]!;
    if (SSH_VALUE_OPTS.has(a)) {
      j++;
      continue;
    }
    if (a.startsWith('-')) continue;
    const m = /^(?:([\w.-]+)@)?([A-Za-z][\w.-]*)(:.*)?$/.exec(a.replace(/^['"]|['"]$/g, ''));
    if (!m) continue;
    // For scp/rsync only an argument with host:path (or user@host) names a machine.
    if (tool !== 'ssh' && tool !== 'mosh' && !m[1] && m[3] === undefined) continue;
    return m[2];
  }
  return undefined;
}
