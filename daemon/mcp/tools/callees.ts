import { z } from 'zod';
import * as P from '../../protocol';
import { limitField, queryResult, repoField, symbolField } from '../schemas';
import { defineTool } from '../tool';

export const calleesTool = defineTool({
  name: 'scry_callees',
  title: 'What a function calls',
  description:
    'The functions and constructors called from inside a function or method body, resolved to their definitions. ' +
    'Use this instead of reading the whole function to learn what it depends on; read the file when you need the control flow itself.',
  input: {
    symbol: symbolField,
    repo: repoField,
    limit: limitField,
    all_refs: z.boolean().optional().describe('Every symbol referenced inside the function, not only calls.'),
  },
  output: queryResult,
  run: ({ symbol, repo, limit, all_refs }, ctx) => ctx.request(P.Callees.type, { repo: ctx.repo(repo), name: symbol, limit, all_refs }),
});
