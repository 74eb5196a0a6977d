// Provider tokens recognisable by their shape alone: a fixed prefix and a
// body of a known alphabet. Written from the providers' published formats
// (and the public scanner rules that map them). Bodies are open-ended
// (`{n,}`) so a token pasted with extra characters still goes whole.
import type { Rule } from './rule';

// `\b` rather than a lookbehind alone: every body starts with a word character, and V8 scans for a literal after `\b` far faster.
// Not after a `-`: `…-r8_…` inside a longer base64url run (a Fernet blob, a signature) is not a token.
const START = String.raw`\b(?<!-)`;
const END = String.raw`(?![A-Za-z0-9])`;

/** A token rule: `body` is the whole token, standing alone (no word character either side). */
export function tok(kind: string, keywords: readonly string[], body: string, flags = ''): Rule {
  return { kind, keywords, re: new RegExp(`${START}(?<s>${body})${END}`, `g${flags}`) };
}

export const TOKEN_RULES: readonly Rule[] = [
  tok('aws-access-key', ['akia', 'asia', 'abia', 'acca', 'a3t'], String.raw`(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}`),
  tok('github-token', ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], String.raw`gh[pousr]_[A-Za-z0-9]{20,}`),
  tok('github-token', ['github_pat_'], String.raw`github_pat_\w{20,}`),
  tok(
    'gitlab-token',
    ['glpat-', 'gldt-', 'glrt-', 'glft-', 'glsoat-', 'glffct-', 'glcbt-', 'glimt-', 'glagent-', 'gloas-', 'glptt-'],
    String.raw`gl(?:pat|dt|rt|ft|soat|ffct|cbt|imt|agent|oas|ptt)-[\w.-]{20,}`,
  ),
  tok('gitlab-token', ['gr1348941'], String.raw`GR1348941[\w-]{20,}`),
  tok('slack-token', ['xox'], String.raw`xox[abposre](?:\.xox[bp])?-[A-Za-z0-9-]{10,}`),
  tok('slack-token', ['xapp-'], String.raw`xapp-\d-[A-Za-z0-9-]{10,}`),
  { kind: 'slack-webhook', keywords: ['hooks.slack.com'], re: /(?<s>(?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[\w/+-]+)/g },
  { kind: 'discord-webhook', keywords: ['/api/webhooks/'], re: /(?<pre>(?:discord|discordapp)\.com\/api\/webhooks\/\d+\/)(?<s>[\w-]{20,})/g },
  { kind: 'teams-webhook', keywords: ['webhook.office.com'], re: /(?<s>https:\/\/[\w.-]*webhook\.office\.com\/webhookb2\/\S+)/g },
  tok('stripe-key', ['sk_', 'rk_', 'pk_'], String.raw`(?:sk|rk|pk)_(?:live|test|prod)_[A-Za-z0-9]{10,}`),
  tok('stripe-webhook-secret', ['whsec_'], String.raw`whsec_[A-Za-z0-9+/=]{20,}`),
  tok('anthropic-key', ['sk-ant-'], String.raw`sk-ant-[\w-]{20,}`),
  // OpenAI keys: `sk-`, `sk-proj-`, `sk-svcacct-`, `sk-admin-`; a digit is required so kebab-case words are not keys.
  tok('openai-key', ['sk-'], String.raw`sk-(?:proj-|svcacct-|admin-|None-)?(?=[\w-]*\d)[\w-]{20,}`),
  tok('google-api-key', ['aiza'], String.raw`AIza[\w-]{30,}`),
  tok('google-oauth-secret', ['gocspx-'], String.raw`GOCSPX-[\w-]{20,}`),
  tok('google-oauth-token', ['ya29.'], String.raw`ya29\.[\w-]{20,}`),
  tok('npm-token', ['npm_'], String.raw`npm_[A-Za-z0-9]{30,}`),
  tok('pypi-token', ['pypi-age'], String.raw`pypi-AgE[\w-]{40,}`),
  tok('docker-token', ['dckr_'], String.raw`dckr_(?:pat|oat)_[\w-]{20,}`),
  tok('heroku-key', ['hrku-'], String.raw`HRKU-[\w-]{20,}`),
  tok('shopify-token', ['shpat_', 'shpss_', 'shpca_', 'shppa_'], String.raw`shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32,}`),
  tok('digitalocean-token', ['_v1_'], String.raw`do[opr]_v1_[a-f0-9]{64,}`),
  tok('vault-token', ['hvs.', 'hvb.', 'hvr.'], String.raw`hv[sbr]\.[\w-]{24,}`),
  tok('terraform-token', ['atlasv1'], String.raw`[a-z0-9]{14}\.atlasv1\.[\w=-]{40,}`, 'i'),
  tok('grafana-token', ['glsa_'], String.raw`glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}`),
  tok('grafana-token', ['glc_'], String.raw`glc_[A-Za-z0-9+/]{32,}={0,3}`),
  tok('grafana-token', ['eyjrijoi'], String.raw`eyJrIjoi[A-Za-z0-9+/=]{40,}`),
  tok('databricks-token', ['dapi'], String.raw`dapi[a-f0-9]{32}(?:-\d)?`),
  tok('sentry-token', ['sntry'], String.raw`sntry[us]_[\w+/=]{40,}`),
  tok('postman-key', ['pmak-'], String.raw`PMAK-[a-f0-9]{24}-[a-f0-9]{34}`, 'i'),
  tok('notion-token', ['ntn_'], String.raw`ntn_[A-Za-z0-9]{40,}`),
  tok('notion-token', ['secret_'], String.raw`secret_(?=[A-Za-z]*\d)[A-Za-z0-9]{43}`),
  tok('linear-key', ['lin_'], String.raw`lin_(?:api|oauth)_[A-Za-z0-9]{40,}`),
  tok('doppler-token', ['dp.'], String.raw`dp\.(?:pt|st|sa|ct|scim|audit)\.[\w.-]{40,}`),
  tok('pulumi-token', ['pul-'], String.raw`pul-[a-f0-9]{40}`),
  tok('telegram-bot-token', [':aa'], String.raw`\d{8,10}:AA[\w-]{33}`),
  // Discord bot token: base64 of the bot's numeric id, a timestamp, an HMAC.
  tok('discord-token', [], String.raw`[MNO][A-Za-z0-9_-]{23,25}\.[\w-]{6}\.[\w-]{27,40}`),
  tok('twilio-key', ['sk'], String.raw`SK[0-9a-fA-F]{32}`),
  tok('sendgrid-key', ['sg.'], String.raw`SG\.[\w-]{20,24}\.[\w-]{40,46}`),
  tok('mailgun-key', ['key-'], String.raw`(?:pub)?key-[a-f0-9]{32}`),
  tok('mailchimp-key', ['-us'], String.raw`[a-f0-9]{32}-us\d{1,2}`),
  tok('huggingface-token', ['hf_', 'api_org_'], String.raw`(?:hf|api_org)_[A-Za-z0-9]{30,}`),
  tok('atlassian-token', ['atatt3'], String.raw`ATATT3[\w=-]{50,}`),
  tok('bitbucket-app-password', ['atbb'], String.raw`ATBB[A-Za-z0-9]{28,}`),
  tok('newrelic-key', ['nrak-', 'nrii-', 'nrjs-', 'nraa-'], String.raw`NR(?:AK|II|JS|AA)-[A-Za-z0-9-]{19,}`),
  tok('square-token', ['sq0'], String.raw`sq0(?:atp|csp|idp)-[\w-]{22,}`),
  tok('facebook-token', ['eaa'], String.raw`EAA[A-Z][A-Za-z0-9]{60,}`),
  tok('twitter-bearer', ['aaaaaaaaaaaaaaa'], String.raw`A{15,}[A-Za-z0-9%]{40,}`),
  tok('dropbox-token', ['sl.'], String.raw`sl\.[\w-]{100,}`),
  tok('hubspot-token', ['pat-'], String.raw`pat-(?:na|eu|ap)\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`),
  tok('airtable-token', ['pat'], String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`),
  tok('supabase-token', ['sbp_'], String.raw`sbp_[a-f0-9]{40}`),
  tok('sourcegraph-token', ['sgp_'], String.raw`sgp_(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40}`),
  tok('groq-key', ['gsk_'], String.raw`gsk_[A-Za-z0-9]{40,}`),
  tok('replicate-token', ['r8_'], String.raw`r8_[A-Za-z0-9]{30,}`),
  tok('age-secret-key', ['age-secret-key-'], String.raw`AGE-SECRET-KEY-1[0-9A-Za-z]{58}`),
  // Azure AD client secrets carry `Q~` after three characters and a digit.
  { kind: 'azure-client-secret', keywords: ['q~'], re: /(?<![\w~.-])(?<s>[\w~.]{3}\dQ~[\w~.-]{31,34})(?![\w~.-])/g },
  tok('jwt', ['eyj'], String.raw`eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}`),
  tok('firebase-key', [':apa91b'], String.raw`AAAA[\w-]{7}:APA91b[\w-]{100,}`),
  { kind: 'braintree-token', keywords: ['access_token$'], re: /(?<s>access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32})/g },
  tok('circleci-token', ['ccipat_'], String.raw`CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}`),
  tok('buildkite-token', ['bkua_'], String.raw`bkua_[a-f0-9]{40}`),
  tok('netlify-token', ['nfp_'], String.raw`nfp_[A-Za-z0-9]{36,}`),
  tok('sonar-token', ['squ_', 'sqp_', 'sqa_'], String.raw`sq[uap]_[a-f0-9]{40}`),
];
