import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const episodesTool = defineTool(P.MemoryEpisodes, {
  name: 'scry_episodes',
  title: 'Sessions about an entity',
  description:
    'The past sessions (Claude Code, Codex, autonomous runs, remembered notes) that mention an entity, newest first: when, a summary, and the transcript file ' +
    'with the line span to read for the details. Use it after scry_recall when you need the evidence behind a fact.',
  annotations: READ_ONLY,
  text: P.episodesText,
});
