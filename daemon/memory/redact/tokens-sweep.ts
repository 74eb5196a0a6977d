// More provider tokens with a distinctive prefix, from a sweep of gitleaks'
// public rule list (the families tokens.ts did not have), each written from
// the provider's published format. Families that gitleaks finds only by a
// keyword beside a plain random value are left to the context and entropy
// rules; the few it finds by a keyword plus a shape that is not distinctive
// alone (`live_…` near "lob") keep the keyword in a lookbehind.
import type { Rule } from './rule';
import { tok } from './tokens';

/** A token shape that counts only within 40 characters after `keyword` on its line. */
function near(kind: string, keyword: string, body: string): Rule {
  return { kind, keywords: [keyword], re: new RegExp(String.raw`\b(?<s>${body})(?![\w=-])(?<=${keyword}[^\n]{0,40}${body})`, 'gi') };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const SWEEP_RULES: readonly Rule[] = [
  tok('1password-key', ['a3-'], String.raw`A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}`),
  tok('1password-token', ['ops_eyj'], String.raw`ops_eyJ[A-Za-z0-9+/]{100,}={0,3}`),
  tok('adobe-secret', ['p8e-'], String.raw`p8e-[A-Za-z0-9]{32,}`),
  tok('alibaba-key', ['ltai'], String.raw`LTAI[A-Za-z0-9]{17,24}`),
  tok('artifactory-key', ['akcp', 'cmvmd'], String.raw`(?:AKCp[A-Za-z0-9]{60,}|cmVmd[A-Za-z0-9]{59,})`),
  tok('authress-key', ['.acc_', '.acc-'], String.raw`(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[\w+/=-]{30,120}`, 'i'),
  tok('clickhouse-key', ['4b1d'], String.raw`4b1d[A-Za-z0-9]{38}`),
  tok('clojars-token', ['clojars_'], String.raw`CLOJARS_[a-z0-9]{60}`, 'i'),
  tok('cloudflare-origin-ca', ['v1.0-'], String.raw`v1\.0-[a-f0-9]{24}-[a-f0-9]{146}`),
  tok('definednetworking-key', ['dnkey-'], String.raw`dnkey-[\w=-]{26}-[\w=-]{52}`),
  tok('dropbox-token', ['aaaaaaaaaa'], String.raw`[a-z0-9]{11}AAAAAAAAAA[\w=-]{43}`),
  tok('duffel-token', ['duffel_'], String.raw`duffel_(?:test|live)_[\w=-]{43}`),
  tok('dynatrace-token', ['dt0c01.'], String.raw`dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}`),
  tok('easypost-key', ['ezak', 'eztk'], String.raw`EZ[AT]K[A-Za-z0-9]{54}`),
  tok('flutterwave-key', ['flwseck', 'flwpubk'], String.raw`FLW(?:SECK|PUBK)(?:_TEST)?-[a-h0-9]{12,32}(?:-X)?`, 'i'),
  tok('flyio-token', ['fo1_', 'fm1', 'fm2_'], String.raw`(?:fo1_[\w-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3})`),
  tok('frameio-token', ['fio-u-'], String.raw`fio-u-[\w=-]{64}`),
  tok('harness-token', ['pat.', 'sat.'], String.raw`(?:pat|sat)\.[\w-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}`),
  tok('infracost-key', ['ico-'], String.raw`ico-[A-Za-z0-9]{32}`),
  tok('intra42-secret', ['s-s4t2'], String.raw`s-s4t2(?:ud|af)-[a-f0-9]{64}`),
  tok('mapbox-token', ['sk.', 'pk.ey'], String.raw`(?:sk\.[\w-]{60,}\.[\w-]{20,}|pk\.eyJ[\w-]{50,}\.[\w-]{20,})`),
  tok('maxmind-key', ['_mmk'], String.raw`[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk`),
  tok('octopus-key', ['api-'], String.raw`API-[A-Z0-9]{26}`),
  tok('openshift-token', ['sha256~'], String.raw`sha256~[\w-]{43}`),
  tok('perplexity-key', ['pplx-'], String.raw`pplx-[A-Za-z0-9]{48}`),
  tok('plaid-token', ['access-'], `access-(?:sandbox|development|production)-${UUID}`),
  tok('planetscale-token', ['pscale_'], String.raw`pscale_(?:tkn|pw|oauth)_[\w=.-]{32,64}`),
  tok('prefect-key', ['pnu_'], String.raw`pnu_[A-Za-z0-9]{36}`),
  tok('readme-key', ['rdme_'], String.raw`rdme_[a-z0-9]{70}`),
  tok('rubygems-key', ['rubygems_'], String.raw`rubygems_[a-f0-9]{48}`),
  tok('scalingo-token', ['tk-us-'], String.raw`tk-us-[\w-]{48}`),
  tok('sendinblue-key', ['xkeysib-', 'xsmtpsib-'], String.raw`x(?:keysib|smtpsib)-[a-f0-9]{64}-[A-Za-z0-9]{16}`),
  tok('settlemint-token', ['sm_pat_', 'sm_aat_', 'sm_sat_'], String.raw`sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}`),
  tok('shippo-token', ['shippo_'], String.raw`shippo_(?:live|test)_[a-fA-F0-9]{40}`),
  tok('typeform-token', ['tfp_'], String.raw`tfp_[\w.=-]{59}`),
  // Convex deploy keys: the deployment's kind and name, `|`, then the key (Convex's docs on CONVEX_DEPLOY_KEY).
  { kind: 'convex-deploy-key', keywords: ['od:', 'ev:', 'ew:'], re: /(?<![\w-])(?<s>(?:prod|dev|preview):[a-z0-9-]{3,64}\|[\w+/=-]{40,})/g },
  tok('yandex-key', ['aqvn', 'yc', 't1.'], String.raw`(?:AQVN[\w-]{35,38}|YC[\w-]{38}|t1\.[A-Z0-9a-z_-]+={0,2}\.[A-Z0-9a-z_-]{86}={0,2})`),
  // Shapes that need the provider's name before them (gitleaks' keyword rules): the shape first, so the
  // look back for the name runs only where the shape matched, not at every position.
  near('lob-key', 'lob', String.raw`(?:live|test)_(?:pub_)?[a-f0-9]{31,35}`),
  near('gocardless-token', 'gocardless', String.raw`live_[\w=-]{40}`),
  near('beamer-key', 'beamer', String.raw`b_[\w=-]{44}`),
  {
    kind: 'sidekiq-secret',
    keywords: ['contribsys'],
    re: /\b(?<s>[a-f0-9]{8}:[a-f0-9]{8})(?=[\s'"@]|$)(?<=(?:BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[\s'"]{0,3}[:=][\s'"]{0,5}|https?:\/\/)[a-f0-9]{8}:[a-f0-9]{8})/gi,
  },
];
