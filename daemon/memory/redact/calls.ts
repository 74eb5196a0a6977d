// Secrets handed to code: a user and a password passed together to a
// credential or login call (`NetworkCredential("u", "PW")`, `auth=("u", "PW")`),
// a generated-looking string passed to a client's constructor
// (`payments.Client("uuid")`) or to any argument of a constructor or an SDK's
// init call (`new MuxClient("id", "KEY")`, `Bugsnag.start('HEX')`,
// `SearchClient.create("APP", "HEX")`, `init('sdk-UUID')`), the word after an
// `auth`/`login`/`activate` subcommand, and a header value in a headers
// object or a header-setting call.
import { looksRandom } from './entropy';
import { marker, SHIELD, type Rule } from './rule';
import { credentialShaped } from './shape';
import { notAValue, plausibleSecret } from './values';

const UUID = /^(?:[a-z]{2,10}[-_])?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A literal with a generated key's form: a UUID (bare or after a short prefix), long hex, or random letters and digits. */
export function keyLiteral(v: string): boolean {
  if (v.length < 16 || v.length > 300 || /\s/.test(v) || v.includes(SHIELD) || notAValue(v)) return false;
  if (UUID.test(v) || /^(?:0x)?[0-9a-f]{32,}$/i.test(v)) return true;
  return looksRandom(v) || (v.length >= 20 && /\d/.test(v) && credentialShaped(v));
}

// Methods that hand an SDK its key; any callee whose last name starts with a capital is a constructor or a factory.
const INIT_METHODS = new Set([
  'init',
  'initApp',
  'initialize',
  'initializeApp',
  'start',
  'configure',
  'setup',
  'createLogger',
  'createClient',
  'create',
  'connect',
  'login',
  'auth',
  'authenticate',
  'new',
  'from_key',
  'fromKey',
  'fromPhrase',
  'fromMnemonic',
  'fromSecretKey',
  'setApiKey',
  'set_api_key',
  'setAccessToken',
  'setToken',
  'setKey',
  'withApiKey',
  'withToken',
]);
// Constructors of values, not clients: their literal arguments are data.
const NOT_CLIENTS = new Set([
  'Date',
  'Error',
  'TypeError',
  'RangeError',
  'RegExp',
  'URL',
  'URLSearchParams',
  'Set',
  'Map',
  'Array',
  'Buffer',
  'Guid',
  'UUID',
  'Uuid',
  'ObjectId',
  'ObjectID',
  'BigInt',
  'Symbol',
  'Promise',
  'String',
  'Number',
  'Boolean',
  'Object',
  'JSON',
  'Math',
  'Color',
  'Version',
  'SemVer',
  'Path',
  'File',
  'Regex',
  'Pattern',
  'Uri',
  'URI',
  'Hash',
  'Decimal',
  'Long',
  'Int',
  'Hex',
  'Base64',
  'TextEncoder',
  'Uint8Array',
  'Blob',
  'Request',
  'Response',
  'Headers',
  'Event',
  'CustomEvent',
  'Intl',
  'Commit',
  'Sha',
  'Oid',
  'Digest',
  'Checksum',
  'Id',
  'ID',
  // Parsing and comparing: `uuid.MustParse("…")`, `assert.Equal(t, "…", got)`.
  'Parse',
  'MustParse',
  'ParseUUID',
  'FromString',
  'Equal',
  'Equals',
  'EqualValues',
  'NotEqual',
  'Contains',
  'Compile',
  'MustCompile',
]);

function clientCall(callee: string): boolean {
  const names = callee.replace(/^new\s+/, '').split(/\.|::/);
  const last = names[names.length - 1]!;
  if (names.some((n) => NOT_CLIENTS.has(n))) return false;
  return INIT_METHODS.has(last) || /^[A-Z]/.test(last);
}

const SAFE_HEADER =
  /^(?:content-|accept|user-agent|cache-control|if-|etag|traceparent|tracestate|idempotency|origin|referer|host|cookie-consent)|(?:id|version|trace|request|correlation|span|locale|language|timezone|org|organization|project)$/i;

export const CALL_RULES: readonly Rule[] = [
  {
    // A user and a password passed together: `NetworkCredential("u", "PW")`, `HTTPBasicAuth('u', 'PW')`, `auth=("u", "PW")`.
    kind: 'call-password',
    keywords: ['credential', 'auth', 'login', 'password'],
    re: /(?<pre>(?:(?:Credentials?|Auth|auth|Login|login|Password|password)\w*\s*\(|\bauth\s*=\s*[([])\s*(?<q1>["'])[^"'\n]{1,64}\k<q1>\s*,\s*(?<q2>["']))(?<s>[^"'\n]{4,})(?<post>\k<q2>\s*[)\],])/g,
    accept: (v) => !/\s/.test(v) && !notAValue(v) && (plausibleSecret(v) || credentialShaped(v)),
  },
  {
    // A generated-looking string handed to a client's constructor: `payments.Client("uuid")`, `new ApiClient('key')`.
    kind: 'client-key',
    keywords: ['client(', 'api(', 'sdk(', 'client.new('],
    re: /(?<pre>(?:Client|Api|API|Sdk|SDK)(?:\.new)?\s*\(\s*(?<q>["']))(?<s>[^"'\s]{16,})(?<post>\k<q>)/g,
    accept: (v) => credentialShaped(v),
  },
  {
    // Every key-shaped literal argument of a constructor or an SDK's init call. The literal first, then a look back
    // for the call around it, so the look back runs only where a long literal stands.
    kind: 'client-key',
    keywords: ['("', "('", '(`', ', "', ", '", ', `', ',"', ",'", '( "', "( '"],
    re: /(?<pre>[(,]\s*(?<q>["'\x60]))(?<s>[^"'\x60\s]{16,300})(?<post>\k<q>)(?=\s*[,)])(?<=(?<callee>(?:\bnew\s+)?[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*)\s*\((?:[^()\n]{0,200}?,\s*)?["'\x60][^"'\x60\s]{16,300}["'\x60])/g,
    accept: (v, g) => keyLiteral(v) && clientCall(g.callee!),
  },
  {
    // `tool auth UUID`, `tool account login 1234…`, `tool login HEX`, `warp-cli registration license KEY`.
    kind: 'cli-key',
    keywords: ['uth ', 'gin ', 'vate ', 'cense ', 'ticate '],
    re: /\b(?<pre>(?:auth|login|authenticate|activate|license)(?<=[\w.-][ \t]+(?:auth|login|authenticate|activate|license))[ \t]+)(?<s>[^\s'"-][^\s'"]*)/g,
    accept: (v) => keyLiteral(v) || /^\d{12,}$/.test(v) || (/^[A-Z0-9]{4,}(?:-[A-Z0-9]{4,}){2,}$/.test(v) && /\d/.test(v)),
  },
  {
    // A header value in a headers object or dict: `headers={"X-Cmc-Pro": "UUID"}`, `headers: { 'X-Key': '…' }`.
    kind: 'header-value',
    keywords: ['eaders'],
    re: /(?<pre>\bheaders\s*[=:]\s*)(?<obj>\{[^{}\n]{0,600}\})/gi,
    rewrite: (m, g) => {
      let count = 0;
      const obj = g.obj!.replace(
        /(?<nq>["']?)(?<name>[\w-]+)\k<nq>(?<sep>\s*:\s*)(?<q>["'])(?<v>[^"'\n]+)\k<q>/g,
        (pair, nq: string, name: string, sep: string, q: string, v: string) => {
          if (SAFE_HEADER.test(name) || !keyLiteral(v)) return pair;
          count++;
          return `${nq}${name}${nq}${sep}${q}${marker('header-value')}${q}`;
        },
      );
      return { text: `${g.pre}${obj}`, count };
    },
  },
  {
    // Header-setting calls: `req.Header.Set("X-Key", "…")`, `xhr.setRequestHeader('X-Key', '…')`, `headers.set(…)`.
    kind: 'header-value',
    keywords: ['eader'],
    re: /(?<pre>(?:Header\.(?:Set|Add)|setRequestHeader|[Hh]eaders\.(?:set|append)|\.header)\(\s*(?<q1>["'])(?<name>[\w-]+)\k<q1>\s*,\s*(?<q2>["']))(?<s>[^"'\n]+)(?<post>\k<q2>)/g,
    accept: (v, g) => !SAFE_HEADER.test(g.name ?? '') && keyLiteral(v),
  },
];
