// Laravel's facades, for when the app has no framework source in vendor/ to
// read them from: each facade's backing classes (what `@see` names in
// Laravel 8–11) and the global aliases config/app.php registers by default.
// A facade found in source (the framework's or the app's own) always wins.

const F = 'Illuminate\\Support\\Facades\\';

/** Facade class -> backing classes, most specific first. */
export const BUILTIN_FACADES: Readonly<Record<string, readonly string[]>> = {
  App: ['Illuminate\\Foundation\\Application'],
  Artisan: ['Illuminate\\Foundation\\Console\\Kernel', 'Illuminate\\Contracts\\Console\\Kernel'],
  Auth: ['Illuminate\\Auth\\AuthManager', 'Illuminate\\Auth\\SessionGuard'],
  Blade: ['Illuminate\\View\\Compilers\\BladeCompiler'],
  Broadcast: ['Illuminate\\Broadcasting\\BroadcastManager'],
  Bus: ['Illuminate\\Bus\\Dispatcher'],
  Cache: ['Illuminate\\Cache\\CacheManager', 'Illuminate\\Cache\\Repository'],
  Config: ['Illuminate\\Config\\Repository'],
  Cookie: ['Illuminate\\Cookie\\CookieJar'],
  Crypt: ['Illuminate\\Encryption\\Encrypter'],
  Date: ['Illuminate\\Support\\DateFactory'],
  DB: ['Illuminate\\Database\\DatabaseManager', 'Illuminate\\Database\\Connection'],
  Event: ['Illuminate\\Events\\Dispatcher'],
  File: ['Illuminate\\Filesystem\\Filesystem'],
  Gate: ['Illuminate\\Auth\\Access\\Gate'],
  Hash: ['Illuminate\\Hashing\\HashManager'],
  Http: ['Illuminate\\Http\\Client\\Factory'],
  Lang: ['Illuminate\\Translation\\Translator'],
  Log: ['Illuminate\\Log\\LogManager', 'Illuminate\\Log\\Logger'],
  Mail: ['Illuminate\\Mail\\MailManager', 'Illuminate\\Mail\\Mailer'],
  Notification: ['Illuminate\\Notifications\\ChannelManager'],
  Password: ['Illuminate\\Auth\\Passwords\\PasswordBrokerManager', 'Illuminate\\Auth\\Passwords\\PasswordBroker'],
  Queue: ['Illuminate\\Queue\\QueueManager', 'Illuminate\\Queue\\Queue'],
  RateLimiter: ['Illuminate\\Cache\\RateLimiter'],
  Redirect: ['Illuminate\\Routing\\Redirector'],
  Redis: ['Illuminate\\Redis\\RedisManager'],
  Request: ['Illuminate\\Http\\Request'],
  Response: ['Illuminate\\Routing\\ResponseFactory'],
  Route: ['Illuminate\\Routing\\Router'],
  Schema: ['Illuminate\\Database\\Schema\\Builder'],
  Session: ['Illuminate\\Session\\SessionManager', 'Illuminate\\Session\\Store'],
  Storage: ['Illuminate\\Filesystem\\FilesystemManager'],
  URL: ['Illuminate\\Routing\\UrlGenerator'],
  Validator: ['Illuminate\\Validation\\Factory'],
  View: ['Illuminate\\View\\Factory'],
  Vite: ['Illuminate\\Foundation\\Vite'],
};

/** Fully qualified facade class -> backing classes. */
export const BUILTIN_FACADE_CLASSES: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(BUILTIN_FACADES).map(([k, v]) => [`${F}${k}`, v]));

/** Global alias (`\DB`, or `DB` in a file without a namespace) -> facade class. */
export const BUILTIN_ALIASES: ReadonlyMap<string, string> = new Map(Object.keys(BUILTIN_FACADES).map((k) => [k.toLowerCase(), `${F}${k}`]));

/** Container keys the framework binds its services under (getFacadeAccessor's strings). */
export const BUILTIN_ACCESSORS: ReadonlyMap<string, string> = new Map([
  ['app', 'Illuminate\\Foundation\\Application'],
  ['auth', 'Illuminate\\Auth\\AuthManager'],
  ['blade.compiler', 'Illuminate\\View\\Compilers\\BladeCompiler'],
  ['cache', 'Illuminate\\Cache\\CacheManager'],
  ['config', 'Illuminate\\Config\\Repository'],
  ['cookie', 'Illuminate\\Cookie\\CookieJar'],
  ['encrypter', 'Illuminate\\Encryption\\Encrypter'],
  ['db', 'Illuminate\\Database\\DatabaseManager'],
  ['events', 'Illuminate\\Events\\Dispatcher'],
  ['files', 'Illuminate\\Filesystem\\Filesystem'],
  ['hash', 'Illuminate\\Hashing\\HashManager'],
  ['translator', 'Illuminate\\Translation\\Translator'],
  ['log', 'Illuminate\\Log\\LogManager'],
  ['mail.manager', 'Illuminate\\Mail\\MailManager'],
  ['queue', 'Illuminate\\Queue\\QueueManager'],
  ['redirect', 'Illuminate\\Routing\\Redirector'],
  ['redis', 'Illuminate\\Redis\\RedisManager'],
  ['request', 'Illuminate\\Http\\Request'],
  ['router', 'Illuminate\\Routing\\Router'],
  ['session', 'Illuminate\\Session\\SessionManager'],
  ['filesystem', 'Illuminate\\Filesystem\\FilesystemManager'],
  ['url', 'Illuminate\\Routing\\UrlGenerator'],
  ['validator', 'Illuminate\\Validation\\Factory'],
  ['view', 'Illuminate\\View\\Factory'],
]);
