import * as path from 'node:path';

export const configFile = (home: string): string => path.join(home, 'config.yaml');

/** The daemon's copy of the last config.yaml that parsed, for a start with a broken one. */
export const lastGoodConfigFile = (home: string): string => path.join(home, 'memory', 'config.last-good.yaml');
