import { z } from 'zod';
import * as P from '../../protocol';
import { impactResult, limitField, repoField, symbolField } from '../schemas';
import { defineTool } from '../tool';

export const impactTool = defineTool({
  name: 'scry_impact',
  title: 'What a change to a symbol affects',
  description:
    'The blast radius of changing a symbol: its callers over several levels, implementations, the files that import it and the tests that touch it. ' +
    'Use this before changing a signature or behaviour, instead of repeated grep passes; each entry has file and line to check.',
  input: {
    symbol: symbolField,
    repo: repoField,
    limit: limitField,
    depth: z.number().int().min(1).max(10).optional().describe('Levels of callers to follow (default 3).'),
  },
  output: impactResult,
  run: ({ symbol, repo, limit, depth }, ctx) => ctx.request(P.Impact.type, { repo: ctx.repo(repo), name: symbol, limit, depth }),
});
