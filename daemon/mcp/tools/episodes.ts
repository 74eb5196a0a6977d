import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const episodesTool = defineTool(P.MemoryEpisodes, {
  name: 'scry_episodes',
  title: 'Sessions about an entity',
  description:
    'The past sessions that mention an entity, newest first, with a summary and the transcript lines to read. Use it after scry_recall for the evidence behind a fact.',
  annotations: READ_ONLY,
  text: P.episodesText,
});
