// Injected by the build from package.json; 'dev' when run from source.
declare const SCRY_VERSION: string | undefined;
export const VERSION: string = typeof SCRY_VERSION === 'string' ? SCRY_VERSION : 'dev';
