// $SCRY_HOME/config.yaml: the file machinery and the sections owned by more
// than one part of Scry (the hooks' switches). Neither a domain nor a client:
// the memory domain and setup both read it.
export { ConfigError, ConfigSecretError, formatPath, parseConfigFile } from './file';
export { HooksSchema, hookSwitchesOf, readHookSwitches, SEARCH_MODES, type HookSwitches, type SearchMode } from './hooks';
export { configFile, lastGoodConfigFile } from './paths';
