// The files an episode read or edited, from the agent's own tool calls (the
// `[read …]` / `[edited …]` breadcrumbs the distiller writes), and which of
// the names the prose mentions are the code in them: `SessionLive` is
// lib/spotter_web/live/session_live.ex, `TodoItem` is components/TodoItem.tsx.
// A name the session's own files define, or a folder right under the
// project's, is part of the session's project.

const BREADCRUMB_FILE = /\[(?:read|edited) ([^\]\s]+)\]/g;
/** A path with a folder and a file name the prose writes (`lib/spotter/services/heatmap_calculator.ex`). */
const PROSE_PATH = /(?<![\w.@/-])((?:[\w.@-]+\/)+[\w-]+\.[A-Za-z]{1,6})(?![\w/])/g;

/** Paths the episode's tool calls read or edited, then those its prose names, once each. */
export function filesTouched(episodeText: string): string[] {
  const out = new Set<string>();
  for (const m of episodeText.matchAll(BREADCRUMB_FILE)) out.add(m[1]!);
  for (const m of episodeText.matchAll(PROSE_PATH)) out.add(m[1]!);
  return [...out];
}

/** The name is a folder right under the project's own (`/path/to/Demo/todo-app`): a part of it. */
export function folderOfProject(name: string, project: string, episodeText: string): boolean {
  if (!/^[\w.@-]+$/.test(name) || name.toLowerCase() === project.toLowerCase()) return false;
  const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`/${esc(project)}/${esc(name)}(?![\\w.-])`, 'i').test(episodeText);
}

/** `SessionLive` → `session_live`; `OtelTraceHelpers` → `otel_trace_helpers`; `TodoItem` stays as it is too. */
const snake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** The file among `files` whose base name is the code the name names (its last dotted part), if any. */
export function fileOf(name: string, files: readonly string[]): string | undefined {
  if (!/^[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)*$/.test(name) || !/[a-z][A-Z]/.test(name)) return undefined;
  const last = name.split('.').pop()!;
  const forms = new Set([last, snake(last), snake(last).replace(/_/g, '-')]);
  return files.find((f) => {
    const base = f
      .split(/[\\/]/)
      .pop()!
      .replace(/\.[^.]+$/, '');
    return forms.has(base);
  });
}
