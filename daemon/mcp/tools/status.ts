import * as P from '../../protocol';
import { repoField, statusResult } from '../schemas';
import { defineTool } from '../tool';

export const statusTool = defineTool({
  name: 'scry_status',
  title: 'Index status',
  description:
    'Whether the index for a repository is ready, being built, partial (a language was not indexed) or missing, with counts and the last error. ' +
    'Check this when another scry tool returns nothing you expected: a partial or stale index means absence is not proof.',
  input: { repo: repoField },
  output: statusResult,
  run: ({ repo }, ctx) => ctx.request(P.Status.type, { repo: ctx.repo(repo) }),
});
