import { z } from 'zod';
import * as P from '../../protocol';
import { repoField, symbolsResult } from '../schemas';
import { defineTool } from '../tool';

export const symbolsTool = defineTool({
  name: 'scry_symbols',
  title: 'Outline of a file',
  description:
    'The outline of one file: every symbol it defines (classes, functions, methods, fields) with kind, line range and parent. ' +
    'Use this instead of reading a large file top to bottom to find what is in it; then read only the ranges you need.',
  input: {
    file: z.string().min(1).describe('Path of the file, relative to the repository root (or absolute).'),
    repo: repoField,
  },
  output: symbolsResult,
  run: ({ file, repo }, ctx) => ctx.request(P.Symbols.type, { repo: ctx.repo(repo), file }),
});
