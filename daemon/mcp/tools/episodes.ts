import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const episodesTool = defineTool(P.MemoryEpisodes, {
  name: 'scry_episodes',
  title: 'Sessions about an entity',
  description:
    'Past sessions mentioning an entity, newest first, each with its summary, transcript lines and code now. Use it after scry_recall for the evidence behind a fact.',
  annotations: READ_ONLY,
  text: P.episodesText,
});
