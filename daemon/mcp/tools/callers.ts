import { z } from 'zod';
import * as P from '../../protocol';
import { limitField, queryResult, repoField, symbolField } from '../schemas';
import { defineTool } from '../tool';

export const callersTool = defineTool({
  name: 'scry_callers',
  title: 'Callers of a function',
  description:
    'The call sites of a function or method, each with the function that makes the call (computed at index time). ' +
    'Use this instead of grep for "who calls X": it skips imports, type mentions and comments, and names each caller so you can walk up the call graph. ' +
    'For the blast radius of a change over several levels, use scry_impact.',
  input: {
    symbol: symbolField,
    repo: repoField,
    limit: limitField,
    all_refs: z.boolean().optional().describe('Also return references that are not calls (passing the function as a value, type uses).'),
  },
  output: queryResult,
  run: ({ symbol, repo, limit, all_refs }, ctx) => ctx.request(P.Callers.type, { repo: ctx.repo(repo), name: symbol, limit, all_refs }),
});
