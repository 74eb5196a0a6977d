import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const statusTool = defineTool(P.Status, {
  name: 'scry_status',
  title: 'Index status',
  description:
    'Whether the index for a repository is ready, being built, partial (a language was not indexed) or missing, with counts and the last error. ' +
    'Check this when another scry tool returns nothing you expected: a partial or stale index means absence is not proof.',
  annotations: READ_ONLY,
});
