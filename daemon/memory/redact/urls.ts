// Keys inside URLs, found by position: each URL is read with the WHATWG URL
// parser, then its path segments and query parameters are judged by the API
// host table (api-hosts.ts) and by names that carry a credential on any
// host. A key after a version segment (`/v2/KEY`, `/v3/KEY`) counts on any
// host when it has a key's form (long hex, or mixed letters and digits), as
// RPC providers' endpoints do. `user:password@` and `?token=` are in
// context.ts.
import { API_HOSTS, type ApiHost } from './api-hosts';
import { looksRandom } from './entropy';
import { marker, SHIELD, type Rule } from './rule';
import { credentialShaped } from './shape';

// Query parameters that carry a key on every host (beyond context.ts's `token`, `key`, `api_key`…).
const KEY_PARAMS = new Set([
  'access_key',
  'accesskey',
  'app_key',
  'appkey',
  'appid',
  'app_id',
  'private_key',
  'subscription-key',
  'x-api-key',
  'dkey',
  'auth_token',
  'authtoken',
  'license_key',
  'licensekey',
]);

const KEY_PARAM_IN = new RegExp(`[?&;](?:${[...KEY_PARAMS].join('|')})=`, 'i');

const keyShaped = (v: string): boolean => v.length >= 16 && /^[\w.~-]+$/.test(v) && (/^[0-9a-f]{24,}$/i.test(v) || credentialShaped(v) || looksRandom(v));

function hostEntries(host: string): ApiHost[] {
  return API_HOSTS.filter((h) => host === h.host || host.endsWith(`.${h.host}`));
}

/** The raw URL with the keys it holds by position replaced; `count` of them. */
export function redactUrl(raw: string): { text: string; count: number } {
  // Parse only what can hold a key by position: a host of the table, a version segment, or a key parameter.
  const host = /^[a-z]+:\/\/(?:[^/?#@]*@)?([^/?#:]+)/i.exec(raw)?.[1]?.toLowerCase() ?? '';
  if (hostEntries(host).length === 0 && !/\/v\d\//.test(raw) && !KEY_PARAM_IN.test(raw)) return { text: raw, count: 0 };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { text: raw, count: 0 };
  }
  const entries = hostEntries(url.hostname.toLowerCase());
  const pathStart = raw.indexOf('/', raw.indexOf('//') + 2);
  if (pathStart < 0) return { text: raw, count: 0 };
  const queryAt = raw.search(/[?#]/);
  const pathEnd = queryAt > pathStart ? queryAt : raw.length;
  const segs = raw.slice(pathStart + 1, pathEnd).split('/');
  let count = 0;
  const take = (i: number): void => {
    if (i >= 0 && i < segs.length && segs[i]!.length > 0 && !segs[i]!.startsWith('[redacted:')) {
      segs[i] = marker('url-key');
      count++;
    }
  };
  for (const e of entries) {
    if (e.at !== undefined && segs[e.at] !== undefined && segs[e.at]!.length >= 16) take(e.at);
    for (const name of e.after ?? []) {
      const i = segs.indexOf(name);
      if (i < 0) continue;
      const n = e.segments ?? 1;
      if (n === 1 && (segs[i + 1] ?? '').length < 16) continue;
      for (let k = 1; k <= n; k++) take(i + k);
    }
  }
  // Any host: a key-shaped segment right after a version segment.
  for (let i = 0; i + 1 < segs.length; i++) if (/^v\d$/.test(segs[i]!) && keyShaped(segs[i + 1]!)) take(i + 1);
  let query = raw.slice(pathEnd);
  const hostParams = new Set(entries.flatMap((e) => e.params ?? []).map((p) => p.toLowerCase()));
  query = query.replace(/([?&;])([^=&#;]+)=([^&#;]*)/g, (m, sep: string, name: string, value: string) => {
    const n = decodeURIComponent(name).toLowerCase();
    if (value.length === 0 || value.startsWith('[redacted:') || value.startsWith('%') || value.startsWith('$') || value.startsWith('{')) return m;
    if (hostParams.has(n) || (KEY_PARAMS.has(n) && keyShaped(value))) {
      count++;
      return `${sep}${name}=${marker('url-key')}`;
    }
    return m;
  });
  if (count === 0) return { text: raw, count: 0 };
  return { text: `${raw.slice(0, pathStart + 1)}${segs.join('/')}${query}`, count };
}

export const URL_RULES: readonly Rule[] = [
  {
    kind: 'url-key',
    keywords: ['://'],
    // Up to a quote, a space, a bracket or a template's `${`; not across a shielded span.
    re: new RegExp(String.raw`\b(?:https?|wss?):\/\/[^\s"'\x60<>()\\{}|^${SHIELD}\uE001]+`, 'gi'),
    rewrite: (m) => {
      const trail = /[.,;:!?]+$/.exec(m)?.[0] ?? '';
      const r = redactUrl(m.slice(0, m.length - trail.length));
      return { text: r.text + trail, count: r.count };
    },
  },
];
