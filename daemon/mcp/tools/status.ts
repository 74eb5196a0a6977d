import * as P from '../../protocol';
import { defineTool, READ_ONLY } from '../tool';

export const statusTool = defineTool(P.Status, {
  name: 'scry_status',
  title: 'Index status',
  description: "Whether a repo's index is ready, building, partial or stale, with counts and the last error. Check it when a tool finds less than expected.",
  annotations: READ_ONLY,
});
