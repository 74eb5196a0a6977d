// The redaction corpus: every secret shape comes out as [redacted:<kind>],
// ordinary code comes out unchanged. Fake secrets are assembled from pieces
// so that no real-looking token sits in the repository.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../daemon/memory/redact';
import { alnum, SECRETS } from './secret-corpus';

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
