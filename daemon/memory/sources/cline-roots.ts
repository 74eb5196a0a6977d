// Where Cline keeps its task folders, apart from the source so the
// TaskComplete hook can look a task up without loading any distiller: each
// editor's `globalStorage/saoudrizwan.claude-dev/tasks`, then the CLI's
// ~/.cline/data/tasks (always last).
import * as path from 'node:path';
import { globalStorageDirs } from './editors';
import type { SourceHome } from './source';

export const CLINE_EXTENSION = 'saoudrizwan.claude-dev';
export const ROO_EXTENSION = 'rooveterinaryinc.roo-cline';

export const clineTaskRoots = (where: Pick<SourceHome, 'home' | 'env'>): string[] => [
  ...globalStorageDirs(where, CLINE_EXTENSION).map((d) => path.join(d, 'tasks')),
  path.join(where.home, '.cline', 'data', 'tasks'),
];
