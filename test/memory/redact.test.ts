// The redaction corpus: every secret shape comes out as [redacted:<kind>],
// ordinary code comes out unchanged. Fake secrets are assembled from pieces
// so that no real-looking token sits in the repository.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../daemon/memory/redact';

const alnum = (n: number): string => 'FAKEfake0123456789'.repeat(Math.ceil(n / 18)).slice(0, n);

// [what, text, substring that must disappear]
const SECRETS: Array<[string, string, string]> = [
  ['RSA private key', `-----BEGIN RSA PRIVATE KEY-----\nMIIEow${alnum(60)}\n${alnum(64)}\n-----END RSA PRIVATE KEY-----`, 'MIIEow'],
  ['OpenSSH private key', `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1r${alnum(40)}\n-----END OPENSSH PRIVATE KEY-----`, 'b3BlbnNzaC1r'],
  ['PGP private key block', `-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF${alnum(40)}\n-----END PGP PRIVATE KEY BLOCK-----`, 'lQOYBF'],
  ['bearer header', `curl -H "Authorization: Bearer ${alnum(32)}" https://api.example.com`, alnum(32)],
  ['basic auth header', `Authorization: Basic ${'dXNlcjpwYXNzd29yZA=='}`, 'dXNlcjpwYXNzd29yZA=='],
  ['anthropic key', `key is sk-ant-api03-${alnum(40)}`, alnum(40)],
  ['openai key', `sk-${alnum(48)}`, alnum(48)],
  ['openai project key', `OPENAI=sk-proj-${alnum(40)}_${alnum(20)}`, alnum(40)],
  ['github classic', 'token ' + 'gh' + 'p_' + alnum(36), 'p_' + alnum(36)],
  ['github oauth', 'gh' + 'o_' + alnum(36), 'o_' + alnum(36)],
  ['github user-to-server', 'gh' + 'u_' + alnum(36), 'u_' + alnum(36)],
  ['github server-to-server', 'gh' + 's_' + alnum(36), 's_' + alnum(36)],
  ['github fine-grained', 'github' + '_pat_' + alnum(22) + '_' + alnum(59), alnum(59)],
  ['slack bot token', 'xo' + 'xb-' + '123456789012-' + alnum(24), alnum(24)],
  ['slack user token', 'xo' + 'xp-' + '123456789012-' + alnum(24), alnum(24)],
  ['slack webhook', 'https://hooks.slack.com/services/' + 'T00000000/B00000000/' + alnum(24), alnum(24)],
  ['aws access key', 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ['aws session key id', 'ASIA' + 'FAKE0123456789AB', 'ASIAFAKE0123456789AB'],
  ['aws secret in context', 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  ['gitlab token', 'glpat-' + alnum(20), 'glpat-' + alnum(20)],
  ['google api key', 'AIza' + alnum(35), 'AIza' + alnum(35)],
  ['npm token', '//registry.npmjs.org/:_authToken=npm_' + alnum(36), 'npm_' + alnum(36)],
  ['hugging face token', 'hf_' + alnum(34), 'hf_' + alnum(34)],
  ['stripe secret', 'sk_' + 'live_' + alnum(24), alnum(24)],
  ['stripe restricted', 'rk_' + 'live_' + alnum(24), alnum(24)],
  ['stripe publishable', 'pk_' + 'live_' + alnum(24), alnum(24)],
  ['stripe webhook secret', 'whsec_' + alnum(32), alnum(32)],
  ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.' + alnum(43), alnum(43)],
  ['password in url', 'DATABASE=postgres://admin:s3cr3tpass@db.example.com:5432/app', 's3cr3tpass'],
  ['password in https url', 'git clone https://bob:hunter2hunter2@git.example.com/x.git', 'hunter2hunter2'],
  ['.env SECRET', 'SESSION_SECRET=abc123def456', 'abc123def456'],
  ['.env PASSWORD', 'DB_PASSWORD="correct horse"', 'correct horse'],
  ['.env TOKEN', 'SENTRY_TOKEN=tok_1234567890', 'tok_1234567890'],
  ['.env API_KEY', 'MAPS_API_KEY=maps-0123456789', 'maps-0123456789'],
  ['export line', 'export DEPLOY_TOKEN=deploy-0123456789', 'deploy-0123456789'],
  ['yaml password', 'database:\n  password: hunter2hunter2\n  host: db', 'hunter2hunter2'],
  ['yaml quoted secret', "client_secret: 'q9q9q9q9q9q9'", 'q9q9q9q9q9q9'],
  ['json api key', '{"api_key": "k-0123456789abcdef"}', 'k-0123456789abcdef'],
  ['private span', 'my pin is <private>4321 and the safe code</private> ok', '4321 and the safe code'],
  ['private span multiline', '<private>\nline one\nline two\n</private>', 'line one'],
];

// Must come out byte for byte: code, hashes, ids, base64, words that look like key prefixes.
const ORDINARY: string[] = [
  'commit 3f786850e387550fdab836ed7e6dc881de23001b',
  'git log --oneline abc1234..def5678',
  'id: 550e8400-e29b-41d4-a716-446655440000',
  'const MAX_TOKENS = 4000;',
  'MAX_TOKENS=4000',
  'interface Auth { token: string; password: string }',
  'function login(password: string, token?: string): Promise<void> {',
  '  token: string;',
  '  password: req.body.password,',
  'const apiKey = process.env.OPENAI_API_KEY;',
  'OPENAI_API_KEY=$OPENAI_API_KEY',
  'API_KEY=${API_KEY}',
  'password: ${{ secrets.DB_PASSWORD }}',
  'import sklearn  # sk-learn is not a key',
  'the sk-long-kebab-case-identifier-name-here',
  'integrity sha512-Xo7OPaPD3sVsn1v1PvM3Q4YpVxwZ9fFvDh3JYhZs0tKdJmTRfQUcCQxF3nZJ0Jr7kD8mJ5fg2bOD9cA7hQ1vBQ==',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'see https://example.com/docs?page=2#tokens',
  'ssh git@github.com:org/repo.git',
  'The token_type is bearer and expires_in is 3600.',
  'Bearer tokens are sent in the Authorization header.',
  'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'npm install --save-dev typescript',
  'const hf = require("hf_utils"); // hf_ prefix but short',
  'export PATH=$HOME/bin:$PATH',
  '"max_tokens": 1024, "token_count": 5',
  'ghp_ is the prefix of a GitHub classic token',
];

describe('redact', () => {
  it('covers at least 30 secret shapes', () => assert.ok(SECRETS.length >= 30));
  for (const [what, text, secret] of SECRETS) {
    it(`redacts ${what}`, () => {
      const r = redact(text);
      assert.ok(!r.text.includes(secret), `${what}: still in ${JSON.stringify(r.text)}`);
      assert.match(r.text, /\[redacted:[a-z-]+\]/);
      assert.ok(r.count >= 1);
    });
  }
  for (const text of ORDINARY) {
    it(`leaves alone: ${text.slice(0, 50)}`, () => {
      const r = redact(text);
      assert.equal(r.text, text);
      assert.equal(r.count, 0);
    });
  }
  it('keeps the text around a secret and counts each one', () => {
    const r = redact(`first AKIAIOSFODNN7EXAMPLE then glpat-${alnum(20)} end`);
    assert.equal(r.text, 'first [redacted:aws-access-key] then [redacted:gitlab-token] end');
    assert.equal(r.count, 2);
  });
  it('keeps the scheme, user and host of a URL with a password', () => {
    assert.equal(redact('postgres://admin:pw12345@db:5432/x').text, 'postgres://admin:[redacted:url-password]@db:5432/x');
  });
  it('is idempotent', () => {
    const once = redact(SECRETS.map((s) => s[1]).join('\n')).text;
    const twice = redact(once);
    assert.equal(twice.text, once);
    assert.equal(twice.count, 0);
  });
});
