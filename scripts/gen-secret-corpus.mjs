#!/usr/bin/env node
// Generates the redaction corpus: fake secrets in the shapes that public
// secret scanners (gitleaks' rule list, providers' own token docs) describe,
// with random bodies of the right alphabet and length from a seeded PRNG, so
// the output is the same on every run and no real credential is involved.
//
//   node scripts/gen-secret-corpus.mjs      writes test/fixtures/secrets/{corpus,held-out,held-out-2,held-out-3,held-out-4,keep-4}.json
//                                           (or into $SECRET_CORPUS_OUT)
//
// Two sets. `corpus.json` is what redaction is built and tuned against.
// `held-out.json` holds provider families and context forms that appear ONLY
// there; it was written at the same time as the corpus, before any rule, and
// is never tuned against: it measures what redaction does with secrets it has
// not seen. Each entry: { family, form, text, secrets } where every string in
// `secrets` must be gone from the redacted text.
import { entropyToMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// mulberry32: small, seedable, good enough to spread characters.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHA = {
  A: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  a: 'abcdefghijklmnopqrstuvwxyz0123456789',
  l: 'abcdefghijklmnopqrstuvwxyz',
  L: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  U: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  h: '0123456789abcdef',
  H: '0123456789ABCDEF',
  d: '0123456789',
  w: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_',
  u: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-',
  b: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  B: 'qpzry9x8gf2tvdw0s3jn54khce6mua7l', // bech32
  a2: 'ABCDEFGHJKLMNPQRSTUVWXYZ234567', // AWS key body (upper + 2-7)
  5: '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', // base58
  C: '0123456789ABCDEFGHJKMNPQRSTVWXYZ', // Crockford base32 (ULIDs)
  p: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#%^*_-+',
};

function makeGen(seed) {
  const rnd = prng(seed);
  const pick = (s) => s[Math.floor(rnd() * s.length)];
  /** n random characters of alphabet `k`. */
  const r = (k, n) => Array.from({ length: n }, () => pick(ALPHA[k])).join('');
  const b64 = (bytes) => {
    const s = r('b', Math.ceil((bytes * 4) / 3));
    const pad = (4 - (s.length % 4)) % 4;
    return s + '='.repeat(pad);
  };
  const uuid = () => `${r('h', 8)}-${r('h', 4)}-4${r('h', 3)}-a${r('h', 3)}-${r('h', 12)}`;
  const WORDS = ['hunter', 'falcon', 'orchid', 'granite', 'velvet', 'comet', 'maple', 'harbor', 'tundra', 'cobalt', 'saffron', 'lantern'];
  const human = () => `${pick(WORDS)}${r('d', 1 + Math.floor(rnd() * 3))}${pick(['', '!', '#', '$'])}`;
  const pw = () => r('p', 12 + Math.floor(rnd() * 6));
  return { rnd, pick, r, b64, uuid, human, pw };
}

// Ways a bare token shows up in a session. Rotated per entry so every family
// appears both bare (only its shape can catch it) and in some context.
const BARE = [
  (t) => `here is the key for staging: ${t} (rotate it after the demo)`,
  (t) => `./deploy.sh --token ${t} --region eu-west-1`,
  (t) => `const client = new Client("${t}");`,
  (t) => `I pasted ${t} into the CI settings, can you check the pipeline?`,
];

// [family, form, make(g) -> token or {text, secrets}, envName?]
// A token family yields `count` entries, each with the next BARE template (and
// an env-style assignment when envName is given).
const CORPUS = [
  ['aws', 'access-key-id', (g) => `AKIA${g.r('a2', 16)}`, 'AWS_ACCESS_KEY_ID'],
  ['aws', 'session-key-id', (g) => `ASIA${g.r('a2', 16)}`],
  ['aws', 'secret-access-key', (g) => ({ secret: g.r('b', 40), wrap: (s) => `aws_secret_access_key = ${s}` })],
  ['github', 'classic-pat', (g) => `ghp_${g.r('A', 36)}`, 'GITHUB_TOKEN'],
  ['github', 'oauth', (g) => `gho_${g.r('A', 36)}`],
  ['github', 'app-user', (g) => `ghu_${g.r('A', 36)}`],
  ['github', 'app-server', (g) => `ghs_${g.r('A', 36)}`],
  ['github', 'refresh', (g) => `ghr_${g.r('A', 36)}`],
  ['github', 'fine-grained', (g) => `github_pat_${g.r('A', 22)}_${g.r('A', 59)}`],
  ['gitlab', 'pat', (g) => `glpat-${g.r('u', 20)}`, 'GITLAB_TOKEN'],
  ['gitlab', 'deploy', (g) => `gldt-${g.r('u', 20)}`],
  ['gitlab', 'runner-auth', (g) => `glrt-${g.r('u', 20)}`],
  ['gitlab', 'pipeline-trigger', (g) => `glptt-${g.r('h', 40)}`],
  ['gitlab', 'runner-registration', (g) => `GR1348941${g.r('u', 20)}`],
  ['gitlab', 'cicd-job', (g) => `glcbt-${g.r('A', 2)}_${g.r('u', 20)}`],
  ['gitlab', 'feed', (g) => `glft-${g.r('u', 20)}`],
  ['gitlab', 'scim', (g) => `glsoat-${g.r('u', 20)}`],
  ['gitlab', 'agent', (g) => `glagent-${g.r('u', 50)}`],
  ['gitlab', 'oauth-secret', (g) => `gloas-${g.r('u', 64)}`],
  ['slack', 'bot', (g) => `xoxb-${g.r('d', 12)}-${g.r('d', 13)}-${g.r('A', 24)}`, 'SLACK_BOT_TOKEN'],
  ['slack', 'user', (g) => `xoxp-${g.r('d', 12)}-${g.r('d', 12)}-${g.r('d', 13)}-${g.r('h', 32)}`],
  ['slack', 'app', (g) => `xapp-1-A${g.r('U', 10)}-${g.r('d', 13)}-${g.r('h', 64)}`, 'SLACK_APP_TOKEN'],
  ['slack', 'webhook', (g) => `https://hooks.slack.com/services/T${g.r('U', 10)}/B${g.r('U', 10)}/${g.r('A', 24)}`],
  ['stripe', 'secret', (g) => `sk_live_${g.r('A', 99).slice(0, 24 + Math.floor(g.rnd() * 60))}`, 'STRIPE_SECRET_KEY'],
  ['stripe', 'restricted', (g) => `rk_live_${g.r('A', 24)}`],
  ['stripe', 'test-secret', (g) => `sk_test_${g.r('A', 24)}`],
  ['stripe', 'webhook-secret', (g) => `whsec_${g.r('A', 32)}`],
  ['openai', 'project', (g) => `sk-proj-${g.r('u', 74)}T3BlbkFJ${g.r('u', 74)}`, 'OPENAI_API_KEY'],
  ['openai', 'legacy', (g) => `sk-${g.r('A', 20)}T3BlbkFJ${g.r('A', 20)}`],
  ['openai', 'service-account', (g) => `sk-svcacct-${g.r('u', 58)}T3BlbkFJ${g.r('u', 58)}`],
  ['anthropic', 'api', (g) => `sk-ant-api03-${g.r('u', 93)}AA`, 'ANTHROPIC_API_KEY'],
  ['anthropic', 'admin', (g) => `sk-ant-admin01-${g.r('u', 93)}AA`],
  ['google', 'api-key', (g) => `AIza${g.r('u', 35)}`, 'GOOGLE_API_KEY'],
  ['google', 'oauth-client-secret', (g) => `GOCSPX-${g.r('u', 28)}`],
  ['google', 'oauth-access', (g) => `ya29.a0${g.r('u', 120)}`],
  ['npm', 'access', (g) => `npm_${g.r('A', 36)}`, 'NPM_TOKEN'],
  ['pypi', 'upload', (g) => `pypi-AgEIcHlwaS5vcmc${g.r('u', 70)}`, 'TWINE_PASSWORD'],
  ['docker', 'pat', (g) => `dckr_pat_${g.r('u', 27)}`, 'DOCKERHUB_TOKEN'],
  ['heroku', 'api-v2', (g) => `HRKU-AA${g.r('u', 58)}`, 'HEROKU_API_KEY'],
  ['shopify', 'access', (g) => `shpat_${g.r('h', 32)}`],
  ['shopify', 'shared-secret', (g) => `shpss_${g.r('h', 32)}`],
  ['shopify', 'custom-app', (g) => `shpca_${g.r('h', 32)}`],
  ['shopify', 'private-app', (g) => `shppa_${g.r('h', 32)}`],
  ['digitalocean', 'pat', (g) => `dop_v1_${g.r('h', 64)}`, 'DIGITALOCEAN_TOKEN'],
  ['digitalocean', 'oauth', (g) => `doo_v1_${g.r('h', 64)}`],
  ['digitalocean', 'refresh', (g) => `dor_v1_${g.r('h', 64)}`],
  ['vault', 'service', (g) => `hvs.${g.r('u', 96)}`, 'VAULT_TOKEN'],
  ['vault', 'batch', (g) => `hvb.${g.r('u', 150)}`],
  ['terraform', 'api', (g) => `${g.r('a', 14)}.atlasv1.${g.r('u', 67)}`, 'TFE_TOKEN'],
  ['grafana', 'service-account', (g) => `glsa_${g.r('A', 32)}_${g.r('h', 8)}`],
  ['grafana', 'cloud', (g) => `glc_${g.r('b', 60).replace(/[+/]/g, 'x')}`],
  ['grafana', 'legacy-api-key', (g) => `eyJrIjoi${g.r('A', 80)}`],
  ['databricks', 'api', (g) => `dapi${g.r('h', 32)}`, 'DATABRICKS_TOKEN'],
  ['sentry', 'user', (g) => `sntryu_${g.r('h', 64)}`, 'SENTRY_AUTH_TOKEN'],
  ['sentry', 'org', (g) => `sntrys_eyJpYXQiO${g.r('A', 40)}LCJyZWdpb25fdXJs${g.r('A', 40)}_${g.r('A', 43)}`],
  ['postman', 'api', (g) => `PMAK-${g.r('h', 24)}-${g.r('h', 34)}`],
  ['notion', 'api', (g) => `ntn_${g.r('d', 11)}${g.r('A', 35)}`, 'NOTION_TOKEN'],
  ['notion', 'legacy-secret', (g) => `secret_${g.r('A', 43)}`],
  ['linear', 'api', (g) => `lin_api_${g.r('A', 40)}`],
  ['doppler', 'personal', (g) => `dp.pt.${g.r('A', 43)}`],
  ['doppler', 'service', (g) => `dp.st.prd.${g.r('A', 43)}`],
  ['pulumi', 'access', (g) => `pul-${g.r('h', 40)}`, 'PULUMI_ACCESS_TOKEN'],
  ['telegram', 'bot', (g) => `${g.r('d', 10)}:AA${g.r('u', 33)}`, 'TELEGRAM_BOT_TOKEN'],
  ['discord', 'bot', (g) => `M${g.r('A', 23)}.${g.r('u', 6)}.${g.r('u', 38)}`, 'DISCORD_TOKEN'],
  // The webhook's id is public; its token is the secret.
  [
    'discord',
    'webhook',
    (g) => {
      const id = g.r('d', 18);
      return { secret: g.r('u', 68), wrap: (s) => `curl -X POST https://discord.com/api/webhooks/${id}/${s} -d '{"content":"deployed"}'` };
    },
  ],
  ['twilio', 'api-key', (g) => `SK${g.r('h', 32)}`],
  ['twilio', 'auth-token', (g) => ({ secret: g.r('h', 32), wrap: (s) => `TWILIO_AUTH_TOKEN=${s}` })],
  ['sendgrid', 'api', (g) => `SG.${g.r('u', 22)}.${g.r('u', 43)}`, 'SENDGRID_API_KEY'],
  ['mailgun', 'private', (g) => `key-${g.r('h', 32)}`, 'MAILGUN_API_KEY'],
  ['mailchimp', 'api', (g) => `${g.r('h', 32)}-us${g.r('d', 2)}`, 'MAILCHIMP_API_KEY'],
  ['huggingface', 'access', (g) => `hf_${g.r('L', 34)}`, 'HF_TOKEN'],
  ['huggingface', 'org', (g) => `api_org_${g.r('L', 34)}`],
  ['atlassian', 'api', (g) => `ATATT3${g.r('u', 186)}`, 'JIRA_API_TOKEN'],
  ['newrelic', 'user-key', (g) => `NRAK-${g.r('U', 27)}`, 'NEW_RELIC_API_KEY'],
  ['newrelic', 'insert', (g) => `NRII-${g.r('u', 32)}`],
  ['newrelic', 'browser', (g) => `NRJS-${g.r('h', 19)}`],
  ['square', 'access', (g) => `sq0atp-${g.r('u', 22)}`],
  ['square', 'oauth-secret', (g) => `sq0csp-${g.r('u', 43)}`],
  ['facebook', 'page-token', (g) => `EAAC${g.r('A', 120)}`],
  ['twitter', 'bearer', (g) => ({ secret: `AAAAAAAAAAAAAAAAAAAAA${g.r('A', 90)}`, wrap: (s) => `twitter bearer: ${s}` })],
  ['dropbox', 'short-lived', (g) => `sl.${g.r('u', 135)}`],
  ['hubspot', 'private-app', (g) => `pat-na1-${g.uuid()}`, 'HUBSPOT_ACCESS_TOKEN'],
  ['airtable', 'pat', (g) => `pat${g.r('A', 14)}.${g.r('h', 64)}`, 'AIRTABLE_API_KEY'],
  ['supabase', 'management', (g) => `sbp_${g.r('h', 40)}`],
  ['sourcegraph', 'access', (g) => `sgp_${g.r('h', 16)}_${g.r('h', 40)}`],
  ['groq', 'api', (g) => `gsk_${g.r('A', 52)}`, 'GROQ_API_KEY'],
  ['replicate', 'api', (g) => `r8_${g.r('A', 37)}`, 'REPLICATE_API_TOKEN'],
  ['age', 'secret-key', (g) => `AGE-SECRET-KEY-1${g.r('B', 58).toUpperCase()}`],
  ['azure', 'ad-client-secret', (g) => `${g.r('A', 3)}8Q~${g.r('u', 34).replace(/-/g, '.')}`, 'AZURE_CLIENT_SECRET'],
  [
    'azure',
    'storage-connection',
    (g) => ({ secret: g.b64(64), wrap: (s) => `DefaultEndpointsProtocol=https;AccountName=prodstore;AccountKey=${s};EndpointSuffix=core.windows.net` }),
  ],
  [
    'azure',
    'sas-url',
    (g) => ({
      secret: `${g.r('A', 40)}%2B${g.r('A', 3)}%3D`,
      wrap: (s) => `https://prodstore.blob.core.windows.net/backups/db.bak?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-01-01T00:00:00Z&sig=${s}`,
    }),
  ],
  [
    'azure',
    'service-bus',
    (g) => ({ secret: g.b64(32), wrap: (s) => `Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${s}` }),
  ],
  ['jwt', 'token', (g) => `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ${g.r('u', 60)}.${g.r('u', 43)}`],
  ['firebase', 'fcm-server-key', (g) => `AAAA${g.r('u', 7)}:APA91b${g.r('u', 134)}`],
  ['braintree', 'access', (g) => `access_token$production$${g.r('a', 16)}$${g.r('h', 32)}`],
  ['circleci', 'pat', (g) => `CCIPAT_${g.r('A', 22)}_${g.r('h', 40)}`, 'CIRCLE_TOKEN'],
  ['buildkite', 'user', (g) => `bkua_${g.r('h', 40)}`],
  ['netlify', 'pat', (g) => `nfp_${g.r('A', 36)}`, 'NETLIFY_AUTH_TOKEN'],
  // Context-only shapes: a random body that only the name next to it makes a secret.
  ['datadog', 'api-key-env', (g) => ({ secret: g.r('h', 32), wrap: (s) => `DD_API_KEY=${s}` })],
  ['datadog', 'app-key-yaml', (g) => ({ secret: g.r('h', 40), wrap: (s) => `  app_key: ${s}` })],
  ['cloudflare', 'api-token-env', (g) => ({ secret: g.r('u', 40), wrap: (s) => `export CLOUDFLARE_API_TOKEN="${s}"` })],
  ['okta', 'api-token', (g) => ({ secret: `00${g.r('u', 40)}`, wrap: (s) => `OKTA_API_TOKEN: ${s}` })],
  ['algolia', 'admin-key', (g) => ({ secret: g.r('h', 32), wrap: (s) => `algoliasearch("LATENCY", "${s}") // ALGOLIA_ADMIN_KEY` })],
  ['contentful', 'delivery', (g) => ({ secret: g.r('u', 43), wrap: (s) => `"contentfulAccessToken": "${s}"` })],
  ['snyk', 'token', (g) => ({ secret: g.uuid(), wrap: (s) => `SNYK_TOKEN=${s} snyk test` })],
  ['sonar', 'token', (g) => ({ secret: `squ_${g.r('h', 40)}`, wrap: (s) => `mvn sonar:sonar -Dsonar.token=${s}` })],
  ['bitbucket', 'app-password', (g) => ({ secret: `ATBB${g.r('A', 28)}`, wrap: (s) => `BITBUCKET_APP_PASSWORD=${s}` })],
  ['launchdarkly', 'sdk-key', (g) => ({ secret: `sdk-${g.uuid()}`, wrap: (s) => `LAUNCHDARKLY_SDK_KEY=${s}` })],
  ['intercom', 'access-token', (g) => ({ secret: `dG9rOj${g.r('A', 54)}`, wrap: (s) => `intercom_access_token: "${s}"` })],
  [
    'confluent',
    'api-secret',
    (g) => ({
      secret: g.r('A', 64),
      wrap: (s) => `sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="ABCDEFGH12345678" password="${s}";`,
    }),
  ],
  [
    'private-key',
    'rsa',
    (g) => ({ secret: g.r('b', 64), wrap: (s) => `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA${s}\n${g.r('b', 64)}\n-----END RSA PRIVATE KEY-----` }),
  ],
  [
    'private-key',
    'openssh',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) => `cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA${s}\n-----END OPENSSH PRIVATE KEY-----`,
    }),
  ],
  ['private-key', 'ec', (g) => ({ secret: g.r('b', 64), wrap: (s) => `-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEI${s}\n-----END EC PRIVATE KEY-----` })],
  [
    'private-key',
    'pkcs8-in-json',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) =>
        `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0B${s}\\n-----END PRIVATE KEY-----\\n", "client_email": "ci@proj.iam.gserviceaccount.com"}`,
    }),
  ],
  [
    'private-key',
    'pgp',
    (g) => ({ secret: g.r('b', 64), wrap: (s) => `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGN${s}\n=ab12\n-----END PGP PRIVATE KEY BLOCK-----` }),
  ],
  ['private-key', 'pem-cut', (g) => ({ secret: g.r('b', 64), wrap: (s) => `the key starts like this:\n-----BEGIN PRIVATE KEY-----\nMIIEvgIBADAN${s}` })],
  [
    'kubernetes',
    'secret-tls',
    (g) => ({
      secret: g.b64(60),
      wrap: (s) =>
        `apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-tls\ntype: kubernetes.io/tls\ndata:\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n  tls.key: ${s}`,
    }),
  ],
  ['kubernetes', 'secret-password', (g) => ({ secret: g.b64(18), wrap: (s) => `kind: Secret\ndata:\n  username: YWRtaW4=\n  password: ${s}` })],
  [
    'kubernetes',
    'kubeconfig-key',
    (g) => ({ secret: g.b64(90), wrap: (s) => `users:\n- name: admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTg==\n    client-key-data: ${s}` }),
  ],
  [
    'kubernetes',
    'kubeconfig-token',
    (g) => ({ secret: `eyJhbGciOiJSUzI1NiIsImtpZCI6Ik${g.r('u', 30)}.eyJpc3Mi${g.r('u', 60)}.${g.r('u', 80)}`, wrap: (s) => `kubectl --token=${s} get pods` }),
  ],
  [
    'docker',
    'config-auth',
    (g) => ({ secret: g.b64(30), wrap: (s) => `{\n  "auths": {\n    "https://index.docker.io/v1/": {\n      "auth": "${s}"\n    }\n  }\n}` }),
  ],
  // Commands, URLs, headers, env, config and prose.
  ['url', 'redis-password-only', (g) => ({ secret: g.pw().replace(/[#%^+]/g, 'x'), wrap: (s) => `redis-cli -u redis://:${s}@cache.internal:6379/0 ping` })],
  ['url', 'postgres', (g) => ({ secret: g.pw().replace(/[#%^+]/g, 'x'), wrap: (s) => `DATABASE_URL=postgres://app:${s}@db.internal:5432/app` })],
  ['url', 'mongodb-srv', (g) => ({ secret: g.r('A', 16), wrap: (s) => `mongodb+srv://admin:${s}@cluster0.abcde.mongodb.net/test` })],
  ['url', 'amqp', (g) => ({ secret: g.r('A', 14), wrap: (s) => `celery -A app worker -b amqp://guest:${s}@rabbit:5672//` })],
  ['url', 'https-userinfo', (g) => ({ secret: g.r('A', 20), wrap: (s) => `git remote add origin https://deploy:${s}@git.example.com/team/app.git` })],
  ['cli', 'mysql-attached', (g) => ({ secret: g.pw().replace(/[#%^*+!]/g, 'x'), wrap: (s) => `mysql -u root -p${s} -h 127.0.0.1 app < dump.sql` })],
  ['cli', 'mysqldump-long', (g) => ({ secret: g.pw().replace(/[#%^*+!]/g, 'x'), wrap: (s) => `mysqldump --user=root --password=${s} app > app.sql` })],
  ['cli', 'curl-user', (g) => ({ secret: g.r('A', 16), wrap: (s) => `curl -u admin:${s} https://jenkins.internal/api/json` })],
  ['cli', 'curl-user-quoted', (g) => ({ secret: g.human(), wrap: (s) => `curl --user 'ops:${s}' -X POST https://api.internal/deploy` })],
  ['cli', 'password-flag', (g) => ({ secret: g.r('A', 18), wrap: (s) => `./manage.py createsuperuser --username admin --password ${s}` })],
  ['header', 'x-api-key', (g) => ({ secret: g.r('A', 32), wrap: (s) => `curl -H "X-API-Key: ${s}" https://api.internal/v1/jobs` })],
  ['header', 'authorization-bearer', (g) => ({ secret: g.r('u', 40), wrap: (s) => `curl -H "Authorization: Bearer ${s}" https://api.internal` })],
  ['header', 'authorization-token', (g) => ({ secret: g.r('h', 40), wrap: (s) => `Authorization: token ${s}` })],
  ['header', 'private-token', (g) => ({ secret: g.r('A', 26), wrap: (s) => `curl --header "PRIVATE-TOKEN: ${s}" https://gitlab.example.com/api/v4/projects` })],
  ['header', 'x-auth-token', (g) => ({ secret: g.r('A', 30), wrap: (s) => `x-auth-token: ${s}` })],
  ['header', 'basic', (g) => ({ secret: Buffer.from(`ops:${g.pw()}`).toString('base64'), wrap: (s) => `Authorization: Basic ${s}` })],
  ['env', 'secret-key-base', (g) => ({ secret: g.r('h', 128), wrap: (s) => `SECRET_KEY_BASE=${s} bin/rails server` })],
  ['env', 'db-password', (g) => ({ secret: g.pw(), wrap: (s) => `export DB_PASSWORD='${s}'` })],
  ['env', 'any-token', (g) => ({ secret: g.r('A', 30), wrap: (s) => `DEPLOY_TOKEN=${s}` })],
  ['env', 'django-secret-key', (g) => ({ secret: g.r('p', 50), wrap: (s) => `SECRET_KEY = '${s}'` })],
  ['env', 'dotenv-block', (g) => ({ secret: g.r('A', 24), wrap: (s) => `# .env\nAPP_ENV=production\nSMTP_PASSWORD=${s}\nLOG_LEVEL=info` })],
  ['env', 'encryption-key', (g) => ({ secret: g.b64(32), wrap: (s) => `APP_ENCRYPTION_KEY=${s}` })],
  ['config', 'yaml-password', (g) => ({ secret: g.pw().replace(/[#]/g, 'x'), wrap: (s) => `database:\n  host: db.internal\n  password: ${s}` })],
  ['config', 'json-client-secret', (g) => ({ secret: g.r('u', 40), wrap: (s) => `{"client_id": "web", "client_secret": "${s}"}` })],
  ['config', 'npmrc', (g) => ({ secret: g.r('b', 40).replace(/[+/]/g, 'k'), wrap: (s) => `//npm.pkg.github.com/:_authToken=${s}` })],
  ['config', 'pip-index-url', (g) => ({ secret: g.r('A', 24), wrap: (s) => `pip install --extra-index-url https://__token__:${s}@pypi.internal/simple pkg` })],
  ['prose', 'env-name-is', (g) => ({ secret: g.human(), wrap: (s) => `DB_PASSWORD is ${s}` })],
  ['prose', 'the-password-is', (g) => ({ secret: g.human(), wrap: (s) => `the staging password is ${s} if you need to log in` })],
  ['prose', 'token-colon', (g) => ({ secret: g.r('A', 28), wrap: (s) => `my api token: ${s}` })],
  ['prose', 'password-for', (g) => ({ secret: g.human(), wrap: (s) => `The password for the admin account is "${s}".` })],
  ['prose', 'use-password', (g) => ({ secret: g.human(), wrap: (s) => `log in as root with password ${s} and restart nginx` })],
];

const HELD_OUT = [
  ['adobe', 'client-secret', (g) => `p8e-${g.r('A', 32)}`],
  ['alibaba', 'access-key-id', (g) => `LTAI${g.r('A', 20)}`],
  ['artifactory', 'api-key', (g) => `AKCp${g.r('A', 69)}`],
  ['clojars', 'deploy-token', (g) => `CLOJARS_${g.r('a', 60)}`],
  ['dynatrace', 'api', (g) => `dt0c01.${g.r('U', 24)}.${g.r('U', 64)}`],
  ['easypost', 'api', (g) => `EZAK${g.r('A', 54)}`],
  ['flutterwave', 'secret', (g) => `FLWSECK_TEST-${g.r('h', 32)}-X`],
  ['frameio', 'api', (g) => `fio-u-${g.r('u', 64)}`],
  ['infracost', 'api', (g) => `ico-${g.r('A', 32)}`],
  ['maxmind', 'license', (g) => `${g.r('A', 6)}_${g.r('A', 29)}_mmk`],
  ['prefect', 'api', (g) => `pnu_${g.r('A', 36)}`],
  ['readme', 'api', (g) => `rdme_${g.r('a', 70)}`],
  ['rubygems', 'api', (g) => `rubygems_${g.r('h', 48)}`],
  ['scalingo', 'api', (g) => `tk-us-${g.r('u', 48)}`],
  ['sendinblue', 'api', (g) => `xkeysib-${g.r('h', 64)}-${g.r('A', 16)}`],
  ['shippo', 'api', (g) => `shippo_live_${g.r('h', 40)}`],
  ['settlemint', 'pat', (g) => `sm_pat_${g.r('A', 16)}`],
  ['perplexity', 'api', (g) => `pplx-${g.r('A', 48)}`],
  ['planetscale', 'api', (g) => `pscale_tkn_${g.r('u', 43)}`],
  ['typeform', 'api', (g) => `tfp_${g.r('u', 59)}`],
  ['duffel', 'api', (g) => `duffel_live_${g.r('u', 43)}`],
  ['1password', 'secret-key', (g) => `A3-${g.r('U', 6)}-${g.r('U', 11)}-${g.r('U', 5)}-${g.r('U', 5)}-${g.r('U', 5)}`],
  ['openshift', 'user', (g) => `sha256~${g.r('u', 43)}`],
  ['harness', 'pat', (g) => `pat.${g.r('u', 22)}.${g.r('A', 24)}.${g.r('A', 20)}`],
  ['cloudflare', 'origin-ca', (g) => `v1.0-${g.r('h', 24)}-${g.r('h', 146)}`],
  ['mapbox', 'secret', (g) => ({ secret: `sk.${g.r('A', 60)}.${g.r('A', 22)}`, wrap: (s) => `mapbox token ${s}` })],
  ['yandex', 'api', (g) => `AQVN${g.r('u', 36)}`],
  ['flyio', 'token', (g) => `fo1_${g.r('u', 43)}`],
  ['netrc', 'password', (g) => ({ secret: g.r('A', 20), wrap: (s) => `machine api.heroku.com login ops@example.com password ${s}` })],
  ['cli', 'sshpass', (g) => ({ secret: g.human(), wrap: (s) => `sshpass -p '${s}' ssh root@10.0.0.5 uptime` })],
  ['env', 'pgpassword', (g) => ({ secret: g.pw(), wrap: (s) => `PGPASSWORD=${s} psql -h db.internal -U app` })],
  ['url', 'jdbc-query', (g) => ({ secret: g.r('A', 14), wrap: (s) => `jdbc:postgresql://db:5432/app?user=app&password=${s}&ssl=true` })],
  ['cli', 'htpasswd', (g) => ({ secret: g.human(), wrap: (s) => `htpasswd -b -c .htpasswd admin ${s}` })],
  ['cli', 'docker-login', (g) => ({ secret: g.r('A', 20), wrap: (s) => `docker login -u ci -p ${s} registry.example.com` })],
  ['prose', 'root-password', (g) => ({ secret: g.human(), wrap: (s) => `the root password for the box is ${s}` })],
  ['cli', 'ldapsearch', (g) => ({ secret: g.human(), wrap: (s) => `ldapsearch -x -D "cn=admin,dc=example,dc=com" -w ${s} -b dc=example,dc=com` })],
  ['config', 'ini-passwd', (g) => ({ secret: g.r('A', 16), wrap: (s) => `[client]\nuser = backup\npasswd = ${s}` })],
  ['cli', 'openssl-pass', (g) => ({ secret: g.human(), wrap: (s) => `openssl pkcs12 -export -in cert.pem -passout pass:${s} -out cert.p12` })],
];

// The second held-out set, written after held-out.json had been measured and
// before the rules that followed it: only provider families and context forms
// absent from both sets above (shapes from gitleaks' public rule list and the
// providers' own token docs), with bare templates of its own that carry no
// flag or name that says "secret", so a token's shape or its randomness must
// catch it. Families gitleaks finds only by a keyword next to the value are
// written that way, in varied settings (env, YAML, JSON, code, prose).
const BARE_2 = [
  (t) => `the dashboard shows ${t} under API access`,
  (t) => `2026-11-30T10:14:03Z INFO client initialised with ${t}`,
  (t) => `{"name": "upload", "value": "${t}"}`,
  (t) => `ok, it's in the shared vault now: ${t}`,
];
// A value that only the provider's name next to it marks (gitleaks' keyword rules), in one of several settings.
const named = (provider, env, yamlKey, jsonKey) => [
  (s) => `${env}=${s}`,
  (s) => `${provider}:\n  ${yamlKey}: ${s}`,
  (s) => `{"${jsonKey}": "${s}"}`,
  (s) => `client = ${provider}.Client("${s}")`,
  (s) => `the ${provider} key we use in prod is ${s}`,
];
let namedTurn = 0;
const keyed = (secret, forms) => ({ secret, wrap: forms[namedTurn++ % forms.length] });

const HELD_OUT_2 = [
  // Prefixed shapes.
  ['asana', 'pat', (g) => `2/${g.r('d', 16)}/${g.r('d', 16)}:${g.r('h', 32)}`, 'ASANA_ACCESS_TOKEN'],
  ['clickhouse', 'cloud-key', (g) => `4b1d${g.r('A', 38)}`],
  ['definednetworking', 'api', (g) => `dnkey-${g.r('U', 26)}-${g.r('U', 52)}`],
  ['intra42', 'client-secret', (g) => `s-s4t2ud-${g.r('h', 64)}`],
  ['nuget', 'api', (g) => `oy2${g.r('a', 43)}`, 'NUGET_API_KEY'],
  ['octopus', 'api', (g) => `API-${g.r('U', 26)}`, 'OCTOPUS_API_KEY'],
  ['plaid', 'access-token', (g) => `access-production-${g.uuid()}`],
  ['authress', 'service-key', (g) => `sc_${g.r('a', 10)}.${g.r('a', 5)}.acc_${g.r('a', 20)}.${g.r('u', 60)}`],
  ['xai', 'api', (g) => `xai-${g.r('A', 80)}`, 'XAI_API_KEY'],
  ['langsmith', 'pat', (g) => `lsv2_pt_${g.r('h', 32)}_${g.r('h', 10)}`, 'LANGSMITH_API_KEY'],
  ['pinecone', 'api', (g) => `pcsk_${g.r('A', 5)}_${g.r('A', 62)}`],
  ['tavily', 'api', (g) => `tvly-${g.r('A', 32)}`],
  ['tailscale', 'auth-key', (g) => `tskey-auth-k${g.r('A', 10)}CNTRL-${g.r('A', 33)}`, 'TS_AUTHKEY'],
  ['figma', 'pat', (g) => `figd_${g.r('u', 40)}`],
  ['openrouter', 'api', (g) => `sk-or-v1-${g.r('h', 64)}`],
  ['resend', 'api', (g) => `re_${g.r('A', 8)}_${g.r('A', 24)}`],
  ['paystack', 'secret', (g) => `sk_live_${g.r('h', 40)}`],
  ['cerebras', 'api', (g) => `csk-${g.r('a', 48)}`],
  ['adafruit', 'io-key', (g) => `aio_${g.r('A', 28)}`],
  ['trello', 'token', (g) => `ATTA${g.r('h', 64)}${g.r('H', 8)}`],
  ['render', 'api', (g) => `rnd_${g.r('A', 32)}`],
  ['firecrawl', 'api', (g) => `fc-${g.r('h', 32)}`],
  ['neon', 'api', (g) => `napi_${g.r('a', 64)}`],
  ['elevenlabs', 'api', (g) => `sk_${g.r('h', 48)}`],
  ['lob', 'live', (g) => ({ secret: `live_${g.r('h', 35)}`, wrap: (s) => `const lob = require('lob')('${s}');` })],
  ['gocardless', 'live', (g) => ({ secret: `live_${g.r('u', 40)}`, wrap: (s) => `GoCardless access token for the payouts job: ${s}` })],
  ['beamer', 'api', (g) => ({ secret: `b_${g.r('u', 44)}`, wrap: (s) => `beamer.init({ product_id: "xyz", api_key: "${s}" })` })],
  ['sumologic', 'access-id', (g) => ({ secret: `su${g.r('A', 12)}`, wrap: (s) => `sumo logic access id ${s}, key in the other note` })],
  ['sidekiq', 'enterprise', (g) => ({ secret: `${g.r('h', 8)}:${g.r('h', 8)}`, wrap: (s) => `bundle config --local enterprise.contribsys.com ${s}` })],
  // Values only a provider's name next to them marks.
  ['twitch', 'client-secret', (g) => keyed(g.r('a', 30), named('twitch', 'TWITCH_CLIENT_SECRET', 'client_secret', 'twitchSecret'))],
  ['travisci', 'token', (g) => keyed(g.r('A', 22), named('travis', 'TRAVIS_API_TOKEN', 'api_token', 'travisToken'))],
  ['zendesk', 'api-token', (g) => keyed(g.r('A', 40), named('zendesk', 'ZENDESK_API_TOKEN', 'token', 'zendeskToken'))],
  ['sendbird', 'api-token', (g) => keyed(g.r('h', 40), named('sendbird', 'SENDBIRD_API_TOKEN', 'api_token', 'sendbirdApiToken'))],
  ['squarespace', 'api-key', (g) => keyed(g.uuid(), named('squarespace', 'SQUARESPACE_API_KEY', 'api_key', 'squarespaceKey'))],
  ['messagebird', 'access-key', (g) => keyed(g.r('A', 25), named('messagebird', 'MESSAGEBIRD_ACCESS_KEY', 'access_key', 'messagebirdKey'))],
  ['fastly', 'api-token', (g) => keyed(g.r('u', 32), named('fastly', 'FASTLY_API_TOKEN', 'api_token', 'fastlyToken'))],
  ['droneci', 'token', (g) => keyed(g.r('A', 32), named('drone', 'DRONE_TOKEN', 'token', 'droneToken'))],
  ['finicity', 'app-key', (g) => keyed(g.r('h', 32), named('finicity', 'FINICITY_APP_KEY', 'app_key', 'finicityAppKey'))],
  ['mattermost', 'token', (g) => keyed(g.r('a', 26), named('mattermost', 'MATTERMOST_TOKEN', 'access_token', 'mattermostToken'))],
  ['cohere', 'api', (g) => keyed(g.r('A', 40), named('cohere', 'COHERE_API_KEY', 'api_key', 'cohereKey'))],
  ['codecov', 'upload', (g) => keyed(g.uuid(), named('codecov', 'CODECOV_TOKEN', 'token', 'codecovToken'))],
  ['etsy', 'keystring', (g) => keyed(g.r('a', 24), named('etsy', 'ETSY_API_KEY', 'keystring', 'etsyKey'))],
  ['kraken', 'private', (g) => keyed(g.b64(64), named('kraken', 'KRAKEN_PRIVATE_KEY', 'private_key', 'krakenSecret'))],
  ['rapidapi', 'key', (g) => keyed(g.r('u', 50), named('rapidapi', 'RAPIDAPI_KEY', 'key', 'x-rapidapi-key'))],
  ['coinbase', 'secret', (g) => keyed(g.r('u', 64), named('coinbase', 'COINBASE_API_SECRET', 'api_secret', 'coinbaseSecret'))],
  ['freshbooks', 'token', (g) => keyed(g.r('h', 64), named('freshbooks', 'FRESHBOOKS_TOKEN', 'access_token', 'freshbooksToken'))],
  ['gitter', 'token', (g) => keyed(g.r('u', 40), named('gitter', 'GITTER_TOKEN', 'token', 'gitterToken'))],
  ['mistral', 'api', (g) => keyed(g.r('A', 32), named('mistral', 'MISTRAL_API_KEY', 'api_key', 'mistralKey'))],
  ['vercel', 'token', (g) => keyed(g.r('A', 24), named('vercel', 'VERCEL_TOKEN', 'token', 'vercelToken'))],
  // Context forms absent from both sets above.
  ['config', 'pgpass', (g) => ({ secret: g.pw().replace(/[:\\]/g, 'x'), wrap: (s) => `cat ~/.pgpass\ndb.internal:5432:app:app:${s}` })],
  [
    'cli',
    'kubectl-from-literal',
    (g) => ({ secret: g.r('A', 18), wrap: (s) => `kubectl create secret generic db-creds --from-literal=username=app --from-literal=password=${s}` }),
  ],
  ['cli', 'wget-password', (g) => ({ secret: g.human(), wrap: (s) => `wget --user=ops --password='${s}' https://files.internal/dump.tgz` })],
  ['cli', 'smbclient', (g) => ({ secret: g.r('A', 14), wrap: (s) => `smbclient //fs01/share -U backup%${s} -c 'ls'` })],
  [
    'cli',
    'libpq-conninfo',
    (g) => ({ secret: g.r('A', 16), wrap: (s) => `psql "host=db.internal port=5432 dbname=app user=app password=${s} sslmode=require"` }),
  ],
  ['cli', 'redis-cli-a', (g) => ({ secret: g.r('A', 24), wrap: (s) => `redis-cli -h cache.internal -a ${s} --no-auth-warning info` })],
  ['cli', 'sqlcmd', (g) => ({ secret: g.human(), wrap: (s) => `sqlcmd -S db01 -U sa -P '${s}' -Q "SELECT 1"` })],
  ['cli', 'zip-password', (g) => ({ secret: g.r('A', 12), wrap: (s) => `zip -r -P ${s} backup.zip ./exports` })],
  [
    'cli',
    'keytool-storepass',
    (g) => ({ secret: g.human(), wrap: (s) => `keytool -importcert -alias ca -file ca.pem -keystore truststore.jks -storepass ${s} -noprompt` }),
  ],
  ['cli', 'gpg-passphrase', (g) => ({ secret: g.r('A', 20), wrap: (s) => `gpg --batch --pinentry-mode loopback --passphrase ${s} -d secrets.gpg` })],
  ['cli', 'java-sysprop', (g) => ({ secret: g.human(), wrap: (s) => `java -Djavax.net.ssl.keyStorePassword=${s} -jar app.jar` })],
  ['cli', 'docker-run-env', (g) => ({ secret: g.r('A', 18), wrap: (s) => `docker run -d -e POSTGRES_USER=app -e POSTGRES_PASSWORD=${s} postgres:16` })],
  ['cli', 'rabbitmqctl', (g) => ({ secret: g.r('A', 16), wrap: (s) => `rabbitmqctl add_user deployer ${s}` })],
  ['cli', 'aws-configure-set', (g) => ({ secret: g.r('b', 40), wrap: (s) => `aws configure set aws_secret_access_key ${s} --profile ci` })],
  ['cli', 'curl-oauth2-bearer', (g) => ({ secret: g.r('u', 36), wrap: (s) => `curl --oauth2-bearer ${s} https://api.internal/v2/me` })],
  ['cli', 'lftp-user', (g) => ({ secret: g.r('A', 14), wrap: (s) => `lftp -u deploy,${s} sftp://files.internal` })],
  ['cli', 'powershell-securestring', (g) => ({ secret: g.human(), wrap: (s) => `$pw = ConvertTo-SecureString '${s}' -AsPlainText -Force` })],
  [
    'config',
    'spring-properties',
    (g) => ({ secret: g.r('A', 16), wrap: (s) => `spring.datasource.url=jdbc:postgresql://db/app\nspring.datasource.password=${s}` }),
  ],
  [
    'config',
    'maven-settings-xml',
    (g) => ({ secret: g.r('A', 20), wrap: (s) => `<server>\n  <id>nexus</id>\n  <username>ci</username>\n  <password>${s}</password>\n</server>` }),
  ],
  ['config', 'php-define', (g) => ({ secret: g.human(), wrap: (s) => `define( 'DB_PASSWORD', '${s}' );` })],
  ['config', 'python-environ', (g) => ({ secret: g.r('A', 32), wrap: (s) => `os.environ["SERVICE_API_TOKEN"] = "${s}"` })],
  ['config', 'wpa-psk', (g) => ({ secret: g.human(), wrap: (s) => `network={\n    ssid="office"\n    psk="${s}"\n}` })],
  ['config', 'toml-api-key', (g) => ({ secret: g.r('A', 32), wrap: (s) => `[providers.search]\napi_key = "${s}"` })],
  ['header', 'cookie-session', (g) => ({ secret: g.r('u', 40), wrap: (s) => `curl -H "Cookie: sessionid=${s}; theme=dark" https://admin.internal/` })],
  ['header', 'git-extraheader', (g) => ({ secret: g.r('u', 40), wrap: (s) => `git -c http.extraheader="AUTHORIZATION: bearer ${s}" fetch origin` })],
];

// The third held-out set, written after held-out-2.json had been measured and
// before the rules that followed it, from sources other than gitleaks: the
// example tokens in GitHub's secret-scanning pattern tests and its published
// list of supported patterns, and trufflehog's detector list (prefixes and
// lengths). Only provider families absent from all three sets above, and
// context forms none of them used. Bare templates of its own (a table row, a
// clipboard pipe, a quoted reply, an error line), and for values only a name
// marks, names in syntaxes the earlier sets did not use (HCL, Dockerfile ENV,
// a JS object, a Python keyword argument, a k8s env entry, PowerShell, TOML,
// INI, docker-compose, prose with the value first).
const BARE_3 = [
  (t) => `| staging | ${t} | expires 2027-01 |`,
  (t) => `echo '${t}' | pbcopy`,
  (t) => `> ${t}\n\nis that the one from the dashboard?`,
  (t) => `ERROR 401 Unauthorized (${t} rejected by upstream)`,
  (t) => `paste this into the app settings page: ${t}`,
];
let namedTurn3 = 0;
// A value that only the provider's (or the variable's) name next to it marks, in a syntax the earlier sets did not use.
const NAMED_3 = [
  (p, env, s) => `provider "${p}" {\n  api_key = "${s}"\n}`,
  (p, env, s) => `ENV ${env} ${s}`,
  (p, env, s) => `const ${p} = new ${p[0].toUpperCase()}${p.slice(1)}Client({ apiKey: '${s}', timeout: 5000 });`,
  (p, env, s) => `${p}.init(api_key="${s}", region="eu")`,
  (p, env, s) => `env:\n  - name: ${env}\n    value: "${s}"`,
  (p, env, s) => `$env:${env} = "${s}"`,
  (p, env, s) => `[${p}]\ntoken = "${s}"`,
  (p, env, s) => `[${p}]\nsecret=${s}`,
  (p, env, s) => `services:\n  worker:\n    environment:\n      ${env}: ${s}`,
  (p, env, s) => `${s} is the ${p} key for prod, keep it out of git`,
  (p, env, s) => `set -gx ${env} ${s}`,
];
const named3 = (provider, env) => (secret) => ({ secret, wrap: (s) => NAMED_3[namedTurn3++ % NAMED_3.length](provider, env, s) });

const HELD_OUT_3 = [
  // Prefixed shapes (GitHub's secret-scanning examples; trufflehog's detectors).
  ['aiven', 'service-password', (g) => `AVNS_${g.r('u', 19)}`, 'AIVEN_PASSWORD'],
  ['blockprotocol', 'api', (g) => `b10ck5.${g.r('h', 32)}.${g.uuid()}`],
  ['cdsnotify', 'api', (g) => `gcntfy-${g.pick(['billing', 'alerts', 'intake'])}-${g.uuid()}-${g.uuid()}`],
  ['checkout', 'sandbox-secret', (g) => `sk_sbox_${g.r('a', 26)}`, 'CKO_SECRET_KEY'],
  ['chieftools', 'token', (g) => `ctp_${g.r('A', 36)}`],
  ['cratesio', 'api', (g) => `cio${g.r('A', 32)}`, 'CARGO_REGISTRY_TOKEN'],
  ['devcycle', 'server-key', (g) => `dvc_server_${g.uuid().replace(/-/g, '_')}_${g.r('h', 7)}`],
  ['ebay', 'client-secret', (g) => `PRD-${g.r('h', 12)}-${g.r('h', 4)}-${g.r('h', 4)}-${g.r('h', 4)}-${g.r('h', 4)}`, 'EBAY_CLIENT_SECRET'],
  ['evervault', 'api', (g) => `${g.b64(4)}:${g.r('A', 64)}`, 'EVERVAULT_API_KEY'],
  ['gcs-hmac', 'access-id', (g) => `GOOG1E${g.r('U', 57)}`],
  ['instagram', 'session', (g) => `IGQVJ${g.r('u', 150)}`],
  ['ionic', 'pat', (g) => `ion_${g.r('A', 42)}`, 'IONIC_TOKEN'],
  ['jdcloud', 'access-key', (g) => `JDC_${g.r('H', 28)}`],
  ['logicmonitor', 'bearer', (g) => `lmb_${g.r('b', 120)}`],
  ['mandrill', 'api-v2', (g) => `md-${g.r('u', 22)}`, 'MANDRILL_KEY'],
  ['mercury', 'api', (g) => ({ secret: `mercury_production_rma_${g.r('A', 45)}_yrucrem`, wrap: (s) => `Authorization: Bearer secret-token:${s}` })],
  ['onfido', 'api', (g) => `api_live.${g.r('u', 11)}.${g.r('u', 32)}`, 'ONFIDO_API_TOKEN'],
  ['samsara', 'api', (g) => `samsara_api_${g.r('A', 30)}`],
  ['tencent', 'secret-id', (g) => `AKID${g.r('A', 32)}`, 'TENCENTCLOUD_SECRET_ID'],
  ['zuplo', 'api', (g) => `zpka_${g.r('h', 32)}_${g.r('h', 8)}`],
  ['woocommerce', 'consumer-secret', (g) => `cs_${g.r('h', 40)}`, 'WC_CONSUMER_SECRET'],
  ['zoho', 'refresh', (g) => `1000.${g.r('h', 32)}.${g.r('h', 32)}`, 'ZOHO_REFRESH_TOKEN'],
  ['salesforce', 'session', (g) => `00D${g.r('A', 15)}!${g.r('A', 20)}.${g.r('u', 76)}`, 'SF_ACCESS_TOKEN'],
  ['clickup', 'pat', (g) => `pk_${g.r('d', 8)}_${g.r('U', 32)}`, 'CLICKUP_TOKEN'],
  ['akamai', 'client-token', (g) => `akab-${g.r('a', 16)}-${g.r('a', 16)}`],
  ['rancher', 'api', (g) => `token-${g.r('l', 5)}:${g.r('a', 54)}`, 'CATTLE_TOKEN'],
  ['ngrok', 'authtoken', (g) => `2${g.r('A', 26)}_${g.r('A', 21)}`, 'NGROK_AUTHTOKEN'],
  ['posthog', 'personal', (g) => `phx_${g.r('A', 43)}`, 'POSTHOG_PERSONAL_API_KEY'],
  ['honeycomb', 'ingest', (g) => `hcaik_01${g.r('a', 56)}`],
  ['ably', 'api', (g) => `${g.r('u', 6)}.${g.r('u', 6)}:${g.r('u', 43)}`, 'ABLY_API_KEY'],
  ['telnyx', 'api-v2', (g) => `KEY${g.r('H', 32)}_${g.r('A', 22)}`, 'TELNYX_API_KEY'],
  ['mailersend', 'api', (g) => `mlsn.${g.r('h', 64)}`],
  ['bitwarden', 'access-token', (g) => `0.${g.uuid()}.${g.r('A', 30)}:${g.r('A', 22)}==`, 'BWS_ACCESS_TOKEN'],
  ['fireworks', 'api', (g) => `fw_${g.r('A', 24)}`, 'FIREWORKS_API_KEY'],
  ['voyage', 'api', (g) => `pa-${g.r('u', 43)}`],
  ['jina', 'api', (g) => `jina_${g.r('A', 60)}`],
  ['brave', 'search-api', (g) => `BSA${g.r('A', 27)}`, 'BRAVE_API_KEY'],
  ['deepl', 'api', (g) => `${g.uuid()}:fx`, 'DEEPL_AUTH_KEY'],
  ['runway', 'api', (g) => `key_${g.r('h', 128)}`],
  ['paddle', 'api', (g) => `pdl_live_apikey_${g.r('a', 26)}_${g.r('A', 22)}_${g.r('A', 3)}`],
  ['razorpay', 'key-secret', (g) => `rzp_live_${g.r('A', 14)}`, 'RAZORPAY_KEY_ID'],
  ['mollie', 'live', (g) => `live_${g.r('A', 30)}`, 'MOLLIE_API_KEY'],
  ['alpaca', 'key-id', (g) => `PK${g.r('U', 18)}`, 'APCA_API_KEY_ID'],
  ['scaleway', 'access-key', (g) => `SCW${g.r('U', 17)}`, 'SCW_ACCESS_KEY'],
  ['statsig', 'server-secret', (g) => `secret-${g.r('A', 43)}`, 'STATSIG_SERVER_SECRET'],
  ['deepseek', 'api', (g) => `sk-${g.r('h', 32)}`, 'DEEPSEEK_API_KEY'],
  ['upstash', 'redis-url', (g) => ({ secret: g.r('A', 36), wrap: (s) => `REDIS_URL="rediss://default:${s}@eu1-quiet-owl-38211.upstash.io:6379"` })],
  ['cloudinary', 'url', (g) => ({ secret: g.r('u', 27), wrap: (s) => `cloudinary://${g.r('d', 15)}:${s}@demo-cloud` })],
  // Values only a name marks (trufflehog finds them by a keyword near a plain random value).
  ['together', 'api', (g) => named3('together', 'TOGETHER_API_KEY')(g.r('h', 64))],
  ['rollbar', 'access-token', (g) => named3('rollbar', 'ROLLBAR_ACCESS_TOKEN')(g.r('h', 32))],
  ['linode', 'pat', (g) => named3('linode', 'LINODE_TOKEN')(g.r('h', 64))],
  ['hetzner', 'api', (g) => named3('hcloud', 'HCLOUD_TOKEN')(g.r('A', 64))],
  ['vultr', 'api', (g) => named3('vultr', 'VULTR_API_KEY')(g.r('U', 36))],
  ['railway', 'token', (g) => named3('railway', 'RAILWAY_TOKEN')(g.uuid())],
  ['finnhub', 'api', (g) => named3('finnhub', 'FINNHUB_API_KEY')(g.r('a', 20))],
  ['polygon', 'api', (g) => named3('polygon', 'POLYGON_API_KEY')(g.r('A', 32))],
  ['bitly', 'token', (g) => named3('bitly', 'BITLY_ACCESS_TOKEN')(g.r('h', 40))],
  ['quay', 'robot', (g) => named3('quay', 'QUAY_ROBOT_TOKEN')(g.r('U', 64))],
  ['expo', 'token', (g) => named3('expo', 'EXPO_TOKEN')(g.r('u', 40))],
  ['pusher', 'app-secret', (g) => named3('pusher', 'PUSHER_APP_SECRET')(g.r('h', 20))],
  ['vonage', 'api-secret', (g) => named3('vonage', 'VONAGE_API_SECRET')(g.r('A', 16))],
  ['serpapi', 'api', (g) => named3('serpapi', 'SERPAPI_KEY')(g.r('h', 64))],
  ['deepgram', 'api', (g) => named3('deepgram', 'DEEPGRAM_API_KEY')(g.r('h', 40))],
  ['binance', 'secret', (g) => named3('binance', 'BINANCE_SECRET_KEY')(g.r('A', 64))],
  ['todoist', 'token', (g) => named3('todoist', 'TODOIST_API_TOKEN')(g.r('h', 40))],
  ['auth0', 'client-secret', (g) => named3('auth0', 'AUTH0_CLIENT_SECRET')(g.r('u', 64))],
  ['mixpanel', 'service-secret', (g) => named3('mixpanel', 'MIXPANEL_SERVICE_ACCOUNT_SECRET')(g.r('A', 32))],
  ['localstack', 'api', (g) => named3('localstack', 'LOCALSTACK_API_KEY')(g.r('A', 10))],
  // Headers with provider schemes.
  ['opsgenie', 'genie-key', (g) => ({ secret: g.uuid(), wrap: (s) => `curl -X POST https://api.opsgenie.com/v2/alerts -H "Authorization: GenieKey ${s}"` })],
  [
    'splunk',
    'hec-token',
    (g) => ({ secret: g.uuid(), wrap: (s) => `curl -k https://splunk.internal:8088/services/collector -H 'Authorization: Splunk ${s}' -d '{"event":"x"}'` }),
  ],
  ['postmark', 'server-token', (g) => ({ secret: g.uuid(), wrap: (s) => `-H "X-Postmark-Server-Token: ${s}"` })],
  ['assemblyai', 'api', (g) => ({ secret: g.r('h', 32), wrap: (s) => `headers = {"authorization": "${s}", "content-type": "application/json"}` })],
  ['meilisearch', 'master-key', (g) => ({ secret: g.r('u', 32), wrap: (s) => `./meilisearch --env production --master-key ${s} --db-path ./data.ms` })],
  ['wandb', 'netrc', (g) => ({ secret: g.r('h', 40), wrap: (s) => `cat ~/.netrc\nmachine api.wandb.ai\n  login user\n  password ${s}` })],
  // Context forms none of the earlier sets used.
  [
    'config',
    'npmrc-auth-base64',
    (g) => ({
      secret: Buffer.from(`ci:${g.pw()}`).toString('base64'),
      wrap: (s) => `registry=https://npm.internal/\n//npm.internal/:_auth=${s}\nalways-auth=true`,
    }),
  ],
  [
    'config',
    'npmrc-password',
    (g) => ({ secret: Buffer.from(g.pw()).toString('base64'), wrap: (s) => `//npm.internal/:username=ci\n//npm.internal/:_password="${s}"` }),
  ],
  [
    'config',
    'netrc-multiline-default',
    (g) => ({ secret: g.r('A', 22), wrap: (s) => `machine build.internal\nlogin jenkins\npassword ${s}\n\nmachine mirror.internal login anon password anon` }),
  ],
  [
    'config',
    'git-credentials-store',
    (g) => ({ secret: g.r('A', 30), wrap: (s) => `$ cat ~/.git-credentials\nhttps://x-access-token:${s}@code.internal.example` }),
  ],
  ['url', 'git-clone-oauth2', (g) => ({ secret: g.r('u', 26), wrap: (s) => `git clone https://oauth2:${s}@git.internal/platform/infra.git` })],
  [
    'url',
    'mongodb-srv-options',
    (g) => ({
      secret: g.pw().replace(/[#%^+!*]/g, 'q'),
      wrap: (s) => `MONGO_URI='mongodb+srv://svc_orders:${s}@orders.x1y2z.mongodb.net/orders?retryWrites=true&w=majority&authSource=admin'`,
    }),
  ],
  ['url', 'amqps', (g) => ({ secret: g.r('A', 20), wrap: (s) => `broker_url = "amqps://worker:${s}@mq.internal:5671/prod"` })],
  ['url', 'mssql', (g) => ({ secret: g.r('A', 18), wrap: (s) => `sqlserver://sa:${s}@db01.internal:1433?database=billing&encrypt=true` })],
  ['url', 'rediss-user', (g) => ({ secret: g.r('u', 32), wrap: (s) => `redis.from_url("rediss://app:${s}@cache.internal:6380/2")` })],
  [
    'config',
    'ado-net-user-id',
    (g) => ({
      secret: g.human(),
      wrap: (s) => `"ConnectionStrings": { "Main": "Server=tcp:db01,1433;Initial Catalog=app;User ID=app;Password=${s};Encrypt=True" }`,
    }),
  ],
  [
    'config',
    'odbc-pwd',
    (g) => ({ secret: g.r('A', 14), wrap: (s) => `DRIVER={ODBC Driver 18 for SQL Server};SERVER=db01;DATABASE=app;UID=report;PWD={${s}}` }),
  ],
  [
    'header',
    'basic-lowercase',
    (g) => ({
      secret: Buffer.from(`svc:${g.pw()}`).toString('base64'),
      wrap: (s) => `curl -sS https://registry.internal/v2/_catalog -H 'authorization: basic ${s}'`,
    }),
  ],
  ['header', 'python-requests-auth-tuple', (g) => ({ secret: g.r('A', 20), wrap: (s) => `r = requests.get(url, auth=("deploy", "${s}"), timeout=10)` })],
  ['header', 'set-cookie', (g) => ({ secret: g.r('u', 48), wrap: (s) => `< set-cookie: __Host-sid=${s}; Path=/; Secure; HttpOnly; SameSite=Lax` })],
  ['header', 'document-cookie', (g) => ({ secret: g.r('u', 40), wrap: (s) => `document.cookie = "remember_token=${s}; path=/"` })],
  [
    'config',
    'jwt-localstorage',
    (g) => ({
      secret: `eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJzdWIiOi${g.r('u', 70)}.${g.r('u', 86)}`,
      wrap: (s) => `localStorage.setItem('session', '${s}')`,
    }),
  ],
  [
    'key-material',
    'encrypted-pkcs8',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) =>
        `-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI${g.r('b', 16)}\n${s}\n-----END ENCRYPTED PRIVATE KEY-----`,
    }),
  ],
  [
    'key-material',
    'rsa-proc-type-encrypted',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) => `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${g.r('H', 32)}\n\n${s}\n-----END RSA PRIVATE KEY-----`,
    }),
  ],
  [
    'key-material',
    'ssh2-encrypted',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) =>
        `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key-20261201"\nP2/56wAAAi4AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGExfSxlbmNyeXB0e3JzYS1wa2NzMXYyLW9hZXB9fQ==\n${s}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----`,
    }),
  ],
  [
    'key-material',
    'dsa-in-yaml-block',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) => `deploy_key: |\n  -----BEGIN DSA PRIVATE KEY-----\n  MIIBuwIBAAKBgQ${g.r('b', 50)}\n  ${s}\n  -----END DSA PRIVATE KEY-----`,
    }),
  ],
  [
    'key-material',
    'openssh-env-escaped',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) =>
        `SSH_PRIVATE_KEY="-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU${g.r('b', 20)}\\n${s}\\n-----END OPENSSH PRIVATE KEY-----"`,
    }),
  ],
  [
    'key-material',
    'gcp-service-account-pretty',
    (g) => ({
      secret: g.r('h', 40),
      wrap: (s) =>
        `{\n  "type": "service_account",\n  "project_id": "acme-prod",\n  "private_key_id": "${s}",\n  "client_email": "ci@acme-prod.iam.gserviceaccount.com"\n}`,
    }),
  ],
  [
    'key-material',
    'pgp-armored-in-heredoc',
    (g) => ({
      secret: g.r('b', 64),
      wrap: (s) =>
        `gpg --import <<'EOF'\n-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\nlQVYBF${g.r('b', 50)}\n${s}\n-----END PGP PRIVATE KEY BLOCK-----\nEOF`,
    }),
  ],
  [
    'config',
    'aws-credentials-session-token',
    (g) => ({
      secret: `IQoJb3JpZ2luX2VjE${g.r('b', 300)}`,
      wrap: (s) => `[ci-session]\naws_access_key_id = ASIA${g.r('a2', 16)}\naws_secret_access_key = ${g.r('b', 40)}\naws_session_token = ${s}`,
    }),
  ],
  [
    'config',
    'sts-assume-role-json',
    (g) => ({
      secret: g.r('b', 40),
      wrap: (s) =>
        `{\n    "Credentials": {\n        "AccessKeyId": "ASIA${g.r('a2', 16)}",\n        "SecretAccessKey": "${s}",\n        "Expiration": "2026-12-02T05:00:00Z"\n    }\n}`,
    }),
  ],
  [
    'config',
    'hcl-variable-default',
    (g) => ({ secret: g.r('A', 24), wrap: (s) => `variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "${s}"\n}` }),
  ],
  [
    'config',
    'k8s-env-name-value',
    (g) => ({ secret: g.r('A', 32), wrap: (s) => `        env:\n        - name: STRIPE_WEBHOOK_SIGNING_SECRET\n          value: ${s}` }),
  ],
  [
    'config',
    'docker-compose-list',
    (g) => ({ secret: g.human(), wrap: (s) => `    environment:\n      - MYSQL_ROOT_PASSWORD=${s}\n      - MYSQL_DATABASE=app` }),
  ],
  ['config', 'dockerfile-arg', (g) => ({ secret: g.r('A', 28), wrap: (s) => `ARG NPM_TOKEN=${s}\nRUN npm ci` })],
  ['config', 'gradle-properties', (g) => ({ secret: g.human(), wrap: (s) => `signing.keyId=24875D73\nsigning.password=${s}\nossrhUsername=acme` })],
  [
    'config',
    'helm-set',
    (g) => ({ secret: g.r('A', 16), wrap: (s) => `helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword=${s} --set auth.database=app` }),
  ],
  [
    'config',
    'js-object-camel',
    (g) => ({ secret: g.r('A', 32), wrap: (s) => `const cfg = {\n  endpoint: "https://api.internal",\n  clientSecret: "${s}",\n};` }),
  ],
  ['config', 'python-kwarg', (g) => ({ secret: g.r('u', 40), wrap: (s) => `client = Client(base_url="https://api.internal", api_token="${s}")` })],
  ['config', 'ruby-config-assign', (g) => ({ secret: g.r('h', 40), wrap: (s) => `config.secret_token = '${s}'` })],
  ['config', 'php-variable', (g) => ({ secret: g.human(), wrap: (s) => `$db_pass = '${s}';` })],
  ['config', 'csharp-network-credential', (g) => ({ secret: g.human(), wrap: (s) => `var cred = new NetworkCredential("svc_backup", "${s}");` })],
  ['config', 'go-struct-literal', (g) => ({ secret: g.r('A', 24), wrap: (s) => `cfg := Config{User: "app", Password: "${s}", Host: "db"}` })],
  ['config', 'ansible-become', (g) => ({ secret: g.human(), wrap: (s) => `[web]\n10.0.0.5 ansible_user=deploy ansible_become_pass=${s}` })],
  ['cli', 'mysql-defaults-file', (g) => ({ secret: g.r('A', 16), wrap: (s) => `cat > ~/.my.cnf <<EOF\n[client]\nuser=root\npassword="${s}"\nEOF` })],
  ['cli', 'psql-conn-uri-env', (g) => ({ secret: g.r('A', 18), wrap: (s) => `export PGPASSWORD PGUSER=app; PGPASSWORD='${s}' pg_dump -h db app > app.sql` })],
  ['cli', 'gh-auth-with-token', (g) => ({ secret: g.r('A', 36), wrap: (s) => `echo ${s} | gh auth login --with-token` })],
  ['cli', 'vault-login', (g) => ({ secret: g.r('u', 26), wrap: (s) => `vault login -method=userpass username=ops password=${s}` })],
  ['prose', 'value-first', (g) => ({ secret: g.human(), wrap: (s) => `${s} is the password for the staging box` })],
  ['prose', 'login-slash', (g) => ({ secret: g.human(), wrap: (s) => `you can log in with admin / ${s} on the grafana instance` })],
  ['prose', 'question-answer', (g) => ({ secret: g.r('A', 20), wrap: (s) => `the api key? it's ${s}, I just generated it` })],
  ['prose', 'dash-aside', (g) => ({ secret: g.r('A', 32), wrap: (s) => `here's the new token — ${s} — don't share it` })],
  ['prose', 'changed-it-to', (g) => ({ secret: g.human(), wrap: (s) => `I changed the root pw to ${s} last night` })],
  [
    'wrapped',
    'token-split-at-80',
    (g) => {
      const t = `${g.r('A', 40)}${g.r('A', 40)}`;
      return {
        secrets: [t.slice(0, 40), t.slice(40)],
        text: `2026-12-01 10:14:03 worker[311]: registered with credential sk_live_XXXX... full token: ${t.slice(0, 40)}\n${t.slice(40)}`,
      };
    },
  ],
  [
    'wrapped',
    'base64-split',
    (g) => {
      const t = g.r('b', 96);
      return { secrets: [t.slice(0, 48), t.slice(48)], text: `"client_secret": "${t.slice(0, 48)}\n${t.slice(48)}"` };
    },
  ],
];

// The fourth held-out set, written after held-out-3.json had been measured
// and before the rules that followed it (issue 33), in the shapes real agent
// transcripts carry and none of the sets above use: keys with no prefix and no
// credential word, handed to SDK constructors or `auth`/`login` subcommands,
// or standing as a path segment or a query parameter of an API host's URL in
// a fetch call; wallet recovery phrases (real BIP-39 words and checksum, made
// by @scure/bip39 from seeded entropy), keypairs as JSON byte arrays, `0x`
// private keys; tokens in markdown table rows whose credential word is in
// another cell; long tokens wrapped at a fixed width (every piece listed);
// name/value records in JSON and YAML. Provider families are absent from the
// four sets above. `keep-4.json` beside it holds the other side: public keys,
// hashes, base64 of ordinary text, ids with a public prefix, addresses and
// hashes in explorer URLs, host names and container paths, each of which must
// come out of redaction byte for byte.
const bytes = (g, n) => Uint8Array.from({ length: n }, () => Math.floor(g.rnd() * 256));
const mnemonic = (g, words) => entropyToMnemonic(bytes(g, (words / 3) * 4), wordlist);
const byteArray = (g, n, sep = ',') => `[${Array.from(bytes(g, n)).join(sep)}]`;
const fold = (s, w) => s.match(new RegExp(`.{1,${w}}`, 'g'));
const b64 = (text) => Buffer.from(text).toString('base64');

const HELD_OUT_4 = [
  // Keys as path segments and query parameters of API hosts, in fetch calls and tool output.
  [
    'alchemy',
    'rpc-path-webfetch',
    (g) => ({
      secret: g.r('u', 32),
      wrap: (s) => `{"name":"WebFetch","input":{"url":"https://eth-mainnet.g.alchemy.com/v2/${s}","prompt":"what is the latest block number?"}}`,
    }),
  ],
  [
    'alchemy',
    'nft-api-path',
    (g) => ({
      secret: g.r('A', 32),
      wrap: (s) => `const res = await fetch(\`https://eth-mainnet.g.alchemy.com/nft/v3/${s}/getNFTsForOwner?owner=\${owner}&withMetadata=true\`);`,
    }),
  ],
  [
    'infura',
    'web3py-http-provider',
    (g) => ({ secret: g.r('h', 32), wrap: (s) => `w3 = Web3(Web3.HTTPProvider("https://sepolia.infura.io/v3/${s}"))\nprint(w3.eth.block_number)` }),
  ],
  ['infura', 'websocket-path', (g) => ({ secret: g.r('h', 32), wrap: (s) => `const ws = new WebSocket("wss://mainnet.infura.io/ws/v3/${s}");` })],
  [
    'quicknode',
    'endpoint-path',
    (g) => ({ secret: g.r('h', 40), wrap: (s) => `const provider = new ethers.JsonRpcProvider("https://late-wispy-pond.base-mainnet.quiknode.pro/${s}/");` }),
  ],
  [
    'ankr',
    'rpc-path-curl',
    (g) => ({
      secret: g.r('h', 64),
      wrap: (s) =>
        `curl -s -X POST https://rpc.ankr.com/eth/${s} -H 'content-type: application/json' -d '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}'`,
    }),
  ],
  ['getblock', 'access-path', (g) => ({ secret: g.r('h', 32), wrap: (s) => `  RPC_URL: https://go.getblock.io/${s}/\n  CHAIN_ID: 56` })],
  ['blastapi', 'project-path', (g) => ({ secret: g.uuid(), wrap: (s) => `[rpc_endpoints]\nmainnet = "https://eth-mainnet.blastapi.io/${s}"` })],
  [
    'chainstack',
    'node-path',
    (g) => ({ secret: g.r('h', 32), wrap: (s) => `Connected to https://nd-${g.r('d', 3)}-${g.r('d', 3)}-${g.r('d', 3)}.p2pify.com/${s} (chain 1)` }),
  ],
  [
    'exchangerate-api',
    'path-key',
    (g) => ({ secret: g.r('h', 24), wrap: (s) => `r = requests.get(f"https://v6.exchangerate-api.com/v6/${s}/latest/{base}")` }),
  ],
  [
    'openweathermap',
    'appid-query',
    (g) => ({ secret: g.r('h', 32), wrap: (s) => `curl "https://api.openweathermap.org/data/2.5/weather?q=Lisbon&units=metric&appid=${s}"` }),
  ],
  [
    'openweathermap',
    'appid-go-format',
    (g) => ({
      secret: g.r('h', 32),
      wrap: (s) => `url := fmt.Sprintf("https://api.openweathermap.org/data/3.0/onecall?lat=%f&lon=%f&appid=%s", lat, lon, "${s}")`,
    }),
  ],
  [
    'unsplash',
    'client-id-query',
    (g) => ({ secret: g.r('u', 43), wrap: (s) => `GET https://api.unsplash.com/search/photos?query=forest&per_page=5&client_id=${s} -> 200 (5 results)` }),
  ],
  [
    'openexchangerates',
    'app-id-query',
    (g) => ({ secret: g.r('h', 32), wrap: (s) => `fetch("https://openexchangerates.org/api/latest.json?app_id=${s}&base=USD").then(r => r.json())` }),
  ],
  [
    'zapier',
    'catch-hook-path',
    (g) => {
      const s = `${g.r('d', 8)}/${g.r('a', 7)}`;
      return { secrets: [s], text: `requests.post("https://hooks.zapier.com/hooks/catch/${s}/", json=payload)` };
    },
  ],
  [
    'healthchecks',
    'ping-uuid',
    (g) => ({ secret: g.uuid(), wrap: (s) => `0 3 * * * /usr/local/bin/backup.sh && curl -fsS -m 10 --retry 5 -o /dev/null https://hc-ping.com/${s}` }),
  ],
  [
    'etherscan',
    'apikey-with-address',
    (g) => ({
      secret: g.r('U', 34),
      wrap: (s) => `fetching https://api.etherscan.io/api?module=account&action=txlist&address=0x${g.r('h', 40)}&startblock=0&sort=asc&apikey=${s}`,
    }),
  ],
  ['ipstack', 'access-key-query', (g) => ({ secret: g.r('h', 32), wrap: (s) => `http://api.ipstack.com/134.201.250.155?access_key=${s}&format=1` })],
  // Keys handed to SDK constructors and init calls, no credential word beside them.
  ['backendless', 'init-app-positional', (g) => ({ secret: g.uuid().toUpperCase(), wrap: (s) => `Backendless.initApp("${g.uuid().toUpperCase()}", "${s}");` })],
  ['bugsnag', 'start-positional', (g) => ({ secret: g.r('h', 32), wrap: (s) => `import Bugsnag from '@bugsnag/js'\nBugsnag.start('${s}')` })],
  [
    'mezmo',
    'create-logger-positional',
    (g) => ({ secret: g.r('h', 32), wrap: (s) => `const logger = Logger.createLogger('${s}', { app: 'billing', env: 'prod' });` }),
  ],
  ['recurly', 'ruby-client-new', (g) => ({ secret: g.r('h', 32), wrap: (s) => `client = Recurly::Client.new("${s}")\nputs client.list_accounts.first.code` })],
  ['klaviyo', 'php-client-new', (g) => ({ secret: `pk_${g.r('h', 34)}`, wrap: (s) => `$klaviyo = new KlaviyoAPI("${s}", num_retries: 3);` })],
  [
    'mux',
    'java-client-two-args',
    (g) => ({ secret: g.r('b', 76).replace(/[+/]/g, 'x'), wrap: (s) => `MuxClient mux = new MuxClient("${g.uuid()}", "${s}");` }),
  ],
  [
    'code',
    'go-newclient-positional',
    (g) => ({ secret: g.r('A', 40), wrap: (s) => `client := ordersapi.NewClient("https://orders.internal", "${s}")\nif err != nil {` }),
  ],
  [
    'code',
    'python-search-client-create',
    (g) => ({ secret: g.r('h', 32), wrap: (s) => `index = SearchClient.create("${g.r('U', 10)}", "${s}").init_index("products")` }),
  ],
  ['code', 'rust-sdk-new', (g) => ({ secret: g.uuid(), wrap: (s) => `let sdk = Sdk::new("acme-prod", "${s}").await?;` })],
  ['code', 'js-init-sdk-uuid', (g) => ({ secret: `sdk-${g.uuid()}`, wrap: (s) => `const ldClient = init('${s}');\nawait ldClient.waitForInitialization();` })],
  ['code', 'kotlin-builder-positional', (g) => ({ secret: g.r('A', 48), wrap: (s) => `val api = ShipmentsApi.Builder("${s}").region(Region.EU).build()` })],
  ['code', 'csharp-client-ctor-hex', (g) => ({ secret: g.r('h', 40), wrap: (s) => `var geo = new GeocodingClient("${s}");` })],
  [
    'code',
    'fetch-authorization-raw',
    (g) => ({ secret: g.r('h', 40), wrap: (s) => `await fetch(url, { headers: { Authorization: '${s}', Accept: 'application/json' } })` }),
  ],
  ['code', 'python-requests-header-dict', (g) => ({ secret: g.uuid(), wrap: (s) => `resp = httpx.get(URL, headers={"X-Cmc-Pro": "${s}"})` })],
  // `auth`/`login` subcommands taking the key as a word.
  ['cli', 'auth-positional-uuid', (g) => ({ secret: g.uuid(), wrap: (s) => `$ acmectl auth ${s}\nAuthenticated as ops@acme.dev (org: acme)` })],
  ['cli', 'login-positional-hex', (g) => ({ secret: g.r('h', 40), wrap: (s) => `./bin/deployctl login ${s} --org acme && ./bin/deployctl whoami` })],
  ['mullvad', 'account-login', (g) => ({ secret: g.r('d', 16), wrap: (s) => `$ mullvad account login ${s}\nMullvad account "${s}" set` })],
  ['cli', 'activate-license', (g) => ({ secret: `${g.r('U', 8)}-${g.r('U', 8)}-${g.r('U', 8)}`, wrap: (s) => `warp-cli registration license ${s}` })],
  // Wallets: recovery phrases, keypairs as byte arrays, 0x private keys.
  [
    'wallet',
    'bip39-12-prose',
    (g) => ({ secret: mnemonic(g, 12), wrap: (s) => `ok, the recovery phrase for the test wallet is: ${s}. I funded it from the faucet.` }),
  ],
  ['wallet', 'bip39-24-ethers-from-phrase', (g) => ({ secret: mnemonic(g, 24), wrap: (s) => `const wallet = ethers.Wallet.fromPhrase("${s}");` })],
  [
    'wallet',
    'bip39-12-solana-keygen-output',
    (g) => ({
      secret: mnemonic(g, 12),
      wrap: (s) =>
        `Wrote new keypair to /home/dev/.config/solana/id.json\n================================================================================\npubkey: ${g.r('5', 44)}\n================================================================================\nSave this seed phrase and your BIP39 passphrase to recover your new keypair:\n${s}\n================================================================================`,
    }),
  ],
  ['wallet', 'bip39-15-env-words', (g) => ({ secret: mnemonic(g, 15), wrap: (s) => `WALLET_WORDS="${s}"` })],
  ['wallet', 'bip39-18-yaml', (g) => ({ secret: mnemonic(g, 18), wrap: (s) => `wallet:\n  network: testnet\n  words: ${s}` })],
  ['wallet', 'bip39-21-quoted-reply', (g) => ({ secret: mnemonic(g, 21), wrap: (s) => `> ${s}\n\nI'll import that into the dev wallet now.` })],
  [
    'wallet',
    'bip39-24-wrapped',
    (g) => {
      const w = mnemonic(g, 24).split(' ');
      return { secrets: [w.slice(0, 12).join(' '), w.slice(12).join(' ')], text: `restore with:\n${w.slice(0, 12).join(' ')}\n${w.slice(12).join(' ')}` };
    },
  ],
  [
    'wallet',
    'bip39-12-numbered',
    (g) => {
      const w = mnemonic(g, 12).split(' ');
      return { secrets: w.map((x, i) => `${i + 1}. ${x}`).slice(0, 12), text: `Here are the words in order:\n${w.map((x, i) => `${i + 1}. ${x}`).join('\n')}` };
    },
  ],
  ['wallet', 'solana-id-json-cat', (g) => ({ secret: byteArray(g, 64), wrap: (s) => `$ cat ~/.config/solana/id.json\n${s}` })],
  ['wallet', 'keypair-env-array', (g) => ({ secret: byteArray(g, 64), wrap: (s) => `PAYER=${s}` })],
  [
    'wallet',
    'keypair-from-secret-key',
    (g) => ({ secret: byteArray(g, 64, ', '), wrap: (s) => `const payer = Keypair.fromSecretKey(Uint8Array.from(${s}));` }),
  ],
  [
    'wallet',
    'keypair-rust-bytes',
    (g) => ({ secret: byteArray(g, 64, ', '), wrap: (s) => `let bytes: [u8; 64] = ${s};\nlet kp = Keypair::from_bytes(&bytes)?;` }),
  ],
  [
    'wallet',
    'hardhat-accounts-0x',
    (g) => ({
      secret: `0x${g.r('h', 64)}`,
      wrap: (s) => `  networks: {\n    sepolia: {\n      url: "https://rpc.sepolia.org",\n      accounts: ["${s}"],\n    },\n  },`,
    }),
  ],
  [
    'wallet',
    'forge-private-key-flag',
    (g) => ({ secret: `0x${g.r('h', 64)}`, wrap: (s) => `forge script script/Deploy.s.sol --rpc-url $RPC --private-key ${s} --broadcast` }),
  ],
  ['wallet', 'env-pk-0x', (g) => ({ secret: `0x${g.r('h', 64)}`, wrap: (s) => `DEPLOYER_PK=${s}\nTREASURY=0x${g.r('h', 40)}` })],
  ['wallet', 'ethers-wallet-ctor', (g) => ({ secret: `0x${g.r('h', 64)}`, wrap: (s) => `const signer = new ethers.Wallet("${s}", provider);` })],
  ['wallet', 'web3py-from-key', (g) => ({ secret: g.r('h', 64), wrap: (s) => `acct = Account.from_key("${s}")` })],
  ['wallet', 'bitcoin-wif', (g) => ({ secret: `K${g.r('5', 51)}`, wrap: (s) => `bitcoin-cli -rpcwallet=cold importprivkey ${s} "cold" false` })],
  ['nostr', 'nsec', (g) => ({ secret: `nsec1${g.r('B', 58)}`, wrap: (s) => `my nostr identity for the bot: ${s}` })],
  // Tables: the credential word sits in another cell or in the header row.
  [
    'table',
    'header-password-column',
    (g) => ({
      secret: g.human(),
      wrap: (s) => `| Service | User | Password | Notes |\n|---|---|---|---|\n| grafana | admin | ${s} | reset on 2026-11-02 after the incident review |`,
    }),
  ],
  ['table', 'label-cell-then-value', (g) => ({ secret: g.r('A', 32), wrap: (s) => `| stripe-prod | API key | ${s} | in the ops vault |` })],
  [
    'table',
    'env-variable-value',
    (g) => ({
      secret: g.r('A', 24),
      wrap: (s) => `| Variable | Value |\n|----------|-------|\n| MAIL_RELAY_SECRET | ${s} |\n| MAIL_RELAY_HOST | smtp.internal |`,
    }),
  ],
  [
    'table',
    'token-column-far',
    (g) => ({
      secret: g.uuid(),
      wrap: (s) =>
        `| Node | Address | Join | Role |\n| --- | --- | --- | --- |\n| worker-3 | 10.0.4.17 | ${s} | agent |\n\n(the Join column is the cluster join token)`,
    }),
  ],
  [
    'table',
    'ascii-box',
    (g) => ({
      secret: g.r('A', 28),
      wrap: (s) =>
        `+----------+------------------------------+\n| name     | secret                       |\n+----------+------------------------------+\n| ci-bot   | ${s} |\n+----------+------------------------------+`,
    }),
  ],
  // Name/value records in JSON, YAML and ini.
  [
    'config',
    'json-key-value-record',
    (g) => ({ secret: g.r('A', 30), wrap: (s) => `[{"key":"DATABASE_PASSWORD","value":"${s}","target":["production"],"type":"encrypted"}]` }),
  ],
  [
    'config',
    'yaml-name-value-list',
    (g) => ({ secret: g.r('A', 36), wrap: (s) => `parameters:\n  - name: orders-signing-secret\n    type: SecureString\n    value: ${s}` }),
  ],
  [
    'config',
    'rclone-conf',
    (g) => ({ secret: g.r('A', 31), wrap: (s) => `[b2-backup]\ntype = b2\naccount = ${g.r('h', 25)}\nkey = ${s}\nhard_delete = true` }),
  ],
  ['config', 'yaml-flow-mapping', (g) => ({ secret: g.human(), wrap: (s) => `smtp: {host: mail.internal, user: alerts, pw: ${s}, port: 587}` })],
  ['config', 'toml-inline-table', (g) => ({ secret: g.r('u', 40), wrap: (s) => `registry = { url = "https://crates.internal", token = "${s}" }` })],
  // Wrapped at a fixed width: every piece must go.
  [
    'wrapped',
    'jwt-fold-64',
    (g) => {
      const t = `eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQ6${g.r('u', 140)}.${g.r('u', 120)}`;
      const parts = fold(t, 64);
      return { secrets: parts, text: `$ kubectl create token deployer --duration=24h | fold -w 64\n${parts.join('\n')}` };
    },
  ],
  [
    'wrapped',
    'base62-log-80',
    (g) => {
      const t = g.r('A', 200);
      const parts = fold(t, 80);
      return { secrets: parts, text: `[worker] session established, resume handle:\n${parts.join('\n')}\n[worker] ready` };
    },
  ],
  [
    'wrapped',
    'yaml-folded-scalar',
    (g) => {
      const t = g.r('b', 120);
      const parts = fold(t, 60);
      return { secrets: parts, text: `webhook:\n  signing: >-\n${parts.map((p) => `    ${p}`).join('\n')}\n  retries: 3` };
    },
  ],
  [
    'wrapped',
    'quoted-in-json-76',
    (g) => {
      const t = g.r('b', 180);
      const parts = fold(t, 76);
      return { secrets: parts, text: `{\n  "credential": "${parts.join('\\n')}"\n}` };
    },
  ],
  // Provider tokens with prefixes of their own, as tool output or pasted text.
  ['langfuse', 'secret-key', (g) => ({ secret: `sk-lf-${g.uuid()}`, wrap: (s) => `LANGFUSE_SK=${s}\nLANGFUSE_HOST=https://cloud.langfuse.com` })],
  ['e2b', 'api', (g) => ({ secret: `e2b_${g.r('h', 40)}`, wrap: (s) => `Sandbox.create({ template: 'base', apiKey: process.env.E2B ?? '${s}' })` })],
  ['browserbase', 'api', (g) => ({ secret: `bb_live_${g.r('u', 27)}`, wrap: (s) => `> ${s}\n\nthat's the one from the project page` })],
  ['anyscale', 'service-token', (g) => ({ secret: `esecret_${g.r('a', 26)}`, wrap: (s) => `anyscale service deploy -f svc.yaml   # uses ${s}` })],
  ['trigger', 'prod-key', (g) => ({ secret: `tr_prod_${g.r('A', 20)}`, wrap: (s) => `TRIGGER_PROD=${s}` })],
  ['unkey', 'root', (g) => ({ secret: `unkey_${g.r('A', 24)}`, wrap: (s) => `new Unkey({ rootKey: "${s}" })` })],
  [
    'convex',
    'deploy-key',
    (g) => ({ secret: `prod:happy-otter-${g.r('d', 3)}|${g.r('b', 80).replace(/[+/]/g, 'Q')}`, wrap: (s) => `CONVEX_DEPLOY=${s} npx convex deploy` }),
  ],
  ['inngest', 'signing', (g) => ({ secret: `signkey-prod-${g.r('h', 64)}`, wrap: (s) => `serve({ client: inngest, functions, signingKey: "${s}" })` })],
  ['modal', 'token-secret', (g) => ({ secret: `as-${g.r('A', 22)}`, wrap: (s) => `modal token set --token-id ak-${g.r('A', 22)} --token-secret ${s}` })],
  ['liveblocks', 'secret', (g) => ({ secret: `sk_prod_${g.r('u', 60)}`, wrap: (s) => `new Liveblocks({ secret: "${s}" })` })],
  ['dub', 'api', (g) => ({ secret: `dub_${g.r('A', 24)}`, wrap: (s) => `const dub = new Dub({ token: "${s}" });` })],
  ['wakatime', 'cfg', (g) => ({ secret: `waka_${g.uuid()}`, wrap: (s) => `$ cat ~/.wakatime.cfg\n[settings]\napi_key = ${s}` })],
  // Prose and quoted chat with no credential word.
  ['prose', 'use-this-for-staging', (g) => ({ secret: g.r('A', 32), wrap: (s) => `use ${s} for the staging one, the prod one is in 1password` })],
  ['prose', 'slack-quote-backticks', (g) => ({ secret: g.uuid(), wrap: (s) => `from Priya in #ops: \`${s}\` works for the sandbox account` })],
  [
    'prose',
    'hex-in-parentheses',
    (g) => ({ secret: g.r('h', 40), wrap: (s) => `I registered the webhook (shared value ${s}) and it verified on the first try` }),
  ],
  ['prose', 'copied-from-dashboard', (g) => ({ secret: g.r('u', 36), wrap: (s) => `copied from the Segment dashboard → Settings → API: ${s}` })],
  // Tool results the assistant quotes back.
  [
    'code',
    'assistant-quotes-env-file',
    (g) => ({
      secret: g.r('A', 44),
      wrap: (s) => `The file \`.env.local\` contains:\n\n\`\`\`\nNEXT_PUBLIC_SITE=https://acme.dev\nREVALIDATE_SIGNING=${s}\n\`\`\``,
    }),
  ],
  [
    'code',
    'docker-inspect-env',
    (g) => ({
      secret: g.r('A', 32),
      wrap: (s) => `"Env": [\n    "PATH=/usr/local/sbin:/usr/local/bin",\n    "HMAC_SHARED=${s}",\n    "NODE_ENV=production"\n]`,
    }),
  ],
  [
    'code',
    'kubectl-get-secret-decoded',
    (g) => ({ secret: g.r('A', 26), wrap: (s) => `$ kubectl get secret app-env -o jsonpath='{.data.SMTP_PASS}' | base64 -d\n${s}` }),
  ],
  ['code', 'terraform-output', (g) => ({ secret: g.r('A', 40), wrap: (s) => `$ terraform output -raw admin_secret\n${s}` })],
];

// Non-secrets that must come out of redaction byte for byte. Each is public
// by its provider's own documentation: SSH and WireGuard public keys, age
// recipients, nostr npub keys; integrity and module hashes; base64 of
// ordinary text and JSON; object ids with a public prefix (Stripe's pi_, cus_,
// evt_; Twilio's SM message SIDs; Paddle's txn_); addresses and hashes on
// block explorers and in tool output; host names of managed services;
// container paths; site keys meant for HTML.
const KEEP_4 = [
  ['public-key', 'ssh-ed25519-authorized-keys', (g) => `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${g.r('b', 43)} deploy@ci-runner`],
  [
    'public-key',
    'ssh-rsa-with-options',
    (g) => `command="/usr/bin/rrsync -ro /srv/backup",no-pty,no-agent-forwarding ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${g.r('b', 360)}= backup@nas`,
  ],
  [
    'public-key',
    'ecdsa-known-hosts',
    (g) => `git.internal.example,10.0.3.4 ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB${g.r('b', 88)}=`,
  ],
  [
    'public-key',
    'wireguard-peer',
    (g) => `[Peer]\nPublicKey = ${g.r('b', 43)}=\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.example.net:51820\nPersistentKeepalive = 25`,
  ],
  [
    'public-key',
    'wg-show-output',
    (g) =>
      `interface: wg0\n  public key: ${g.r('b', 43)}=\n  listening port: 51820\n\npeer: ${g.r('b', 43)}=\n  endpoint: 203.0.113.7:51820\n  allowed ips: 10.8.0.3/32`,
  ],
  ['public-key', 'age-recipient', (g) => `age -r age1${g.r('B', 58)} -o backup.tar.age backup.tar`],
  ['public-key', 'nostr-npub', (g) => `follow the bot at npub1${g.r('B', 59)}`],
  [
    'public-key',
    'pgp-public-block',
    (g) => `-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBG${fold(g.r('b', 190), 64).join('\n')}\n=${g.r('b', 4)}\n-----END PGP PUBLIC KEY BLOCK-----`,
  ],
  [
    'public-key',
    'x509-certificate',
    (g) => `-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIE${fold(g.r('b', 170), 64).join('\n')}\n-----END CERTIFICATE-----`,
  ],
  [
    'public-key',
    'ssh-host-fingerprint',
    (g) => `The authenticity of host 'build-7 (10.0.5.7)' can't be established.\nED25519 key fingerprint is SHA256:${g.r('b', 43)}.`,
  ],
  [
    'public-key',
    'gpg-list-keys',
    (g) => `pub   rsa4096/${g.r('H', 16)} 2024-03-01 [SC]\n      ${g.r('H', 40)}\nuid                 [ultimate] Release Bot <release@acme.dev>`,
  ],
  ['public-key', 'solana-pubkey-label', (g) => `pubkey: ${g.r('5', 44)}`],
  ['hash', 'go-sum-h1', (g) => `github.com/spf13/cobra v1.8.1 h1:${g.r('b', 43)}=\ngithub.com/spf13/cobra v1.8.1/go.mod h1:${g.r('b', 43)}=`],
  [
    'hash',
    'cargo-lock-checksum',
    (g) => `[[package]]\nname = "serde"\nversion = "1.0.215"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${g.r('h', 64)}"`,
  ],
  ['hash', 'nix-narhash', (g) => `"narHash": "sha256-${g.r('b', 43)}=",\n"rev": "${g.r('h', 40)}",`],
  ['hash', 'docker-digest', (g) => `FROM node:20-alpine@sha256:${g.r('h', 64)}`],
  [
    'hash',
    'html-sri-sha384',
    (g) => `<script src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.3" integrity="sha384-${g.r('b', 64)}" crossorigin="anonymous"></script>`,
  ],
  ['hash', 'pip-require-hashes', (g) => `requests==2.32.3 \\\n    --hash=sha256:${g.r('h', 64)}`],
  ['hash', 'actions-pinned-sha', (g) => `      - uses: actions/checkout@${g.r('h', 40)} # v4.2.2`],
  ['hash', 'pnpm-lock-integrity', (g) => `  /zod@3.23.8:\n    resolution: {integrity: sha512-${g.r('b', 86)}==}`],
  [
    'base64',
    'json-decoded-by-agent',
    (g) => `$ echo ${b64(JSON.stringify({ user: 'mo', theme: 'dark', lang: 'pt-BR', beta: true, sidebar: ['files', 'search'], n: g.r('d', 3) }))} | base64 -d`,
  ],
  [
    'base64',
    'github-contents-api',
    (g) =>
      `{\n  "name": "README.md",\n  "encoding": "base64",\n  "content": "${fold(b64(`# Orders service\n\nHandles checkout and refunds. Run \`make dev\` to start it locally; the\ntests need Postgres 16 and a Redis on 6379. Release ${g.r('d', 2)} notes are in docs/.\n`), 60).join('\\n')}"\n}`,
  ],
  ['base64', 'plain-text-in-yaml', (g) => `motd_b64: ${b64(`Welcome to build-${g.r('d', 2)}. Maintenance window is Sunday 02:00-04:00 UTC.`)}`],
  ['base64', 'k8s-configmap-binarydata', (g) => `binaryData:\n  banner.txt: ${b64(`Acme internal tools - cluster ${g.r('l', 4)} - ask #platform for access`)}`],
  ['id', 'stripe-payment-intent-log', (g) => `2026-12-01T09:12:44Z payment_intent.succeeded pi_${g.r('A', 24)} for cus_${g.r('A', 14)} amount=4200 eur`],
  [
    'id',
    'stripe-event-json',
    (g) =>
      `{"id": "evt_${g.r('A', 24)}", "object": "event", "type": "invoice.paid", "data": {"object": {"id": "in_${g.r('A', 24)}", "customer": "cus_${g.r('A', 14)}"}}}`,
  ],
  ['id', 'twilio-message-sid', (g) => `Message queued: SM${g.r('h', 32)} (status: queued)`],
  ['id', 'paddle-transaction', (g) => `transaction txn_01${g.r('a', 24)} completed for ctm_01${g.r('a', 24)}`],
  ['id', 'ulid-request-id', (g) => `level=info msg="request done" request_id=01${g.r('C', 24)} status=200 dur=41ms`],
  ['id', 'mongodb-objectid', (g) => `db.orders.findOne({ _id: ObjectId("${g.r('h', 24)}") })`],
  ['id', 'posthog-project-key', (g) => `posthog.init('phc_${g.r('A', 43)}', { api_host: 'https://eu.i.posthog.com' })`],
  ['id', 'turnstile-sitekey', (g) => `<div class="cf-turnstile" data-sitekey="0x4AAAAAAA${g.r('A', 14)}"></div>`],
  ['id', 'recaptcha-sitekey', (g) => `<div class="g-recaptcha" data-sitekey="6L${g.r('u', 38)}"></div>`],
  ['id', 'langfuse-public-key', (g) => `LANGFUSE_PUBLIC_KEY=pk-lf-${g.uuid()}`],
  ['address', 'etherscan-address-url', (g) => `see https://etherscan.io/address/0x${g.r('h', 40)}#code for the verified source`],
  ['address', 'etherscan-tx-url', (g) => `https://sepolia.etherscan.io/tx/0x${g.r('h', 64)}`],
  ['address', 'solscan-account-url', (g) => `https://solscan.io/account/${g.r('5', 44)}?cluster=devnet`],
  ['address', 'solana-explorer-tx', (g) => `https://explorer.solana.com/tx/${g.r('5', 87)}?cluster=devnet`],
  ['address', 'mempool-tx-url', (g) => `broadcast ok: https://mempool.space/testnet/tx/${g.r('h', 64)}`],
  ['address', 'bitcoin-bech32-explorer', (g) => `https://www.blockchain.com/explorer/addresses/btc/bc1q${g.r('B', 38)}`],
  [
    'address',
    'tx-hash-in-forge-output',
    (g) => `##### sepolia\n✅  [Success] Hash: 0x${g.r('h', 64)}\nContract Address: 0x${g.r('h', 40)}\nBlock: ${g.r('d', 7)}`,
  ],
  ['address', 'eth-address-prose', (g) => `sent 0.5 ETH to 0x${g.r('h', 40)}, tx 0x${g.r('h', 64)}`],
  ['address', 'ipfs-gateway-url', (g) => `pinned: https://ipfs.io/ipfs/Qm${g.r('5', 44)}`],
  ['host', 'confluent-bootstrap', (g) => `bootstrap.servers=pkc-${g.r('a', 5)}.eu-west-1.aws.confluent.cloud:9092`],
  ['host', 'lambda-function-url', (g) => `curl https://${g.r('a', 32)}.lambda-url.eu-west-1.on.aws/health`],
  ['host', 'container-hostname-prompt', (g) => `root@${g.r('h', 12)}:/app# npm run migrate`],
  ['host', 'supabase-project-url', (g) => `SUPABASE_URL=https://${g.r('l', 20)}.supabase.co`],
  ['host', 'azure-postgres-host', (g) => `psql "host=acme-${g.r('a', 8)}.postgres.database.azure.com port=5432 dbname=app user=app sslmode=require"`],
  ['host', 'cloudrun-url', (g) => `Service URL: https://orders-${g.r('a', 10)}-ew.a.run.app`],
  ['path', 'docker-run-volume-app', () => `docker run --rm -v "$PWD":/app -w /app node:20 npm test`],
  ['path', 'docker-compose-volumes', () => `    volumes:\n      - ./src:/app/src:ro\n      - /var/run/docker.sock:/var/run/docker.sock`],
  ['path', 'dockerfile-copy-chown', () => `WORKDIR /app\nCOPY --chown=node:node package*.json /app/\nRUN npm ci --omit=dev`],
  ['path', 'project-uuid-web-url', (g) => `open https://app.example.com/projects/${g.uuid()}/settings/members`],
  ['path', 'token-endpoint-url', () => `token_endpoint: https://auth.example.com/oauth2/token\njwks_uri: https://auth.example.com/.well-known/jwks.json`],
  [
    'words',
    'bip39-words-bad-checksum',
    (g) => {
      for (;;) {
        const w = Array.from({ length: 12 }, () => g.pick(wordlist));
        if (!validateMnemonic(w.join(' '), wordlist)) return `tags: ${w.join(', ')}`;
      }
    },
  ],
  ['words', 'byte-array-32-pubkey', (g) => `"programId": ${byteArray(g, 32)}`],
];

function buildKeep(specs, seed) {
  const g = makeGen(seed);
  return specs.map(([family, form, make]) => ({ family, form, text: make(g) }));
}

/** Families that are a way of writing a credential rather than a provider. */
const CONTEXT_FORMS = new Set(['url', 'cli', 'header', 'env', 'config', 'prose', 'netrc', 'key-material', 'wrapped', 'code', 'table', 'wallet']);

function build(specs, seed, perFamily, bare = BARE, envWrap = (envName) => (t) => `${envName}=${t}`) {
  const g = makeGen(seed);
  const out = [];
  let n = 0;
  for (const [family, form, make, envName] of specs) {
    for (let i = 0; i < perFamily; i++) {
      const made = make(g);
      if (typeof made === 'string') {
        const wrap = envName && i === 1 ? envWrap(envName) : bare[n++ % bare.length];
        out.push({ family, form, text: wrap(made), secrets: [made] });
      } else if ('secrets' in made) {
        out.push({ family, form, text: made.text, secrets: made.secrets });
      } else {
        out.push({ family, form, text: made.wrap(made.secret), secrets: [made.secret] });
      }
    }
  }
  return out;
}

const here = dirname(fileURLToPath(import.meta.url));
// SECRET_CORPUS_OUT: write elsewhere (the test regenerates into a temp folder and compares).
const dir = process.env.SECRET_CORPUS_OUT ?? join(here, '..', 'test', 'fixtures', 'secrets');
mkdirSync(dir, { recursive: true });
const corpus = build(CORPUS, 0x5c2a, 2);
const heldOut = build(HELD_OUT, 0x40e1, 2);
const heldOut2 = build(HELD_OUT_2, 0x2b7d, 2, BARE_2);
// The second entry of a prefixed family sits in the next named syntax (not always `NAME=value`).
const heldOut3 = build(
  HELD_OUT_3,
  0x3c91,
  2,
  BARE_3,
  (envName) => (t) => NAMED_3[namedTurn3++ % NAMED_3.length](envName.split('_')[0].toLowerCase(), envName, t),
);
const heldOut4 = build(HELD_OUT_4, 0x4d17, 1);
const keep4 = buildKeep(KEEP_4, 0x4e5a);
for (const [name, set] of [
  ['corpus.json', corpus],
  ['held-out.json', heldOut],
  ['held-out-2.json', heldOut2],
  ['held-out-3.json', heldOut3],
  ['held-out-4.json', heldOut4],
  ['keep-4.json', keep4],
]) {
  writeFileSync(join(dir, name), `${JSON.stringify(set, null, 1)}\n`);
  if (name === 'keep-4.json') {
    console.log(`${name}: ${set.length} non-secrets in ${new Set(set.map((e) => e.family)).size} kinds`);
    continue;
  }
  const families = new Set(set.filter((e) => !CONTEXT_FORMS.has(e.family)).map((e) => e.family));
  const context = set.filter((e) => CONTEXT_FORMS.has(e.family)).length;
  console.log(`${name}: ${set.length} secrets, ${families.size} provider families, ${context} context forms`);
}
