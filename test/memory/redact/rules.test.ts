// The command, config and provider-sweep rules, table-driven: each line of
// CAUGHT loses its secret (and keeps the words around it); each line of KEPT
// is ordinary code, shell or prose naming the same tools and words, and comes
// through unchanged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../../daemon/memory/redact';

// [text, secret]
const CAUGHT: ReadonlyArray<readonly [string, string]> = [
  ["sshpass -p 'granite7' ssh root@host uptime", 'granite7'],
  ['sshpass -pgranite7 scp a host:', 'granite7'],
  ['docker login -u ci -p Abc123xyz registry.example.com', 'Abc123xyz'],
  ['podman login quay.io --username bot -p Qu4yPass', 'Qu4yPass'],
  ['ldapmodify -x -D cn=admin,dc=x -w s3cret!pass -f add.ldif', 's3cret!pass'],
  ['openssl rsa -in k.pem -passin pass:topsecret9 -out plain.pem', 'topsecret9'],
  ['openssl enc -aes-256-cbc -k Enc0ded42 -in a -out b', 'Enc0ded42'],
  ['redis-cli -h cache -a Zx9pqLm2 ping', 'Zx9pqLm2'],
  ["sqlcmd -S db -U sa -P 'Str0ng!Pass' -Q 'select 1'", 'Str0ng!Pass'],
  ['unzip -P orchid42 archive.zip', 'orchid42'],
  ['7z x -pOrchid42 backup.7z', 'Orchid42'],
  ['mongosh --host db -u admin -p Hx82kdPq', 'Hx82kdPq'],
  ['ipmitool -I lanplus -H bmc -U admin -P Ipmi2026 power status', 'Ipmi2026'],
  ['htpasswd -nb admin hunter22', 'hunter22'],
  ['htpasswd -b /etc/nginx/.htpasswd admin hunter22', 'hunter22'],
  ['rabbitmqctl change_password guest Ny7qLp2x', 'Ny7qLp2x'],
  ['net user svc_backup Pa55word! /add', 'Pa55word!'],
  ["smbclient -L //fs -U 'CORP\\ops%Winter2026'", 'Winter2026'],
  ['lftp -u deploy,Lf7pass sftp://files', 'Lf7pass'],
  ['sqlplus scott/tiger99@orcl', 'tiger99'],
  ["echo 'Sup3rSecret' | docker login -u ci --password-stdin", 'Sup3rSecret'],
  ['echo hunter22 | sudo -S apt-get update', 'hunter22'],
  ['xfreerdp /u:admin /p:Rdp2026x /v:host', 'Rdp2026x'],
  ["$c = ConvertTo-SecureString -String 'P0sh!pw' -AsPlainText -Force", 'P0sh!pw'],
  ['wget --http-password=Wg3tPw https://x/f', 'Wg3tPw'],
  ['keytool -list -keystore ks.jks -storepass changeit9', 'changeit9'],
  ['kubectl create secret generic x --from-literal=api-token=Kb8sTok3n', 'Kb8sTok3n'],
  ['machine github.com\n  login ops\n  password ghs9Kq2Lm', 'ghs9Kq2Lm'],
  ['machine ftp.example.com login anon password falcon', 'falcon'],
  ['# redis.conf\nrequirepass Rq7mZ2xk\n', 'Rq7mZ2xk'],
  ['localhost:5432:*:postgres:PgPass99', 'PgPass99'],
  ['<server><password>MvnPass77</password></server>', 'MvnPass77'],
  ['<add key="ClearTextPassword" value="NuG3tPw" />', 'NuG3tPw'],
  ["define('AUTH_KEY', 'x8#kLm2!pQ');", 'x8#kLm2!pQ'],
  ["'password' => 'Laravel99!',", 'Laravel99!'],
  ['ENV["API_TOKEN"] = "abc123XYZ789"', 'abc123XYZ789'],
  ['network={\n  psk="Wifi2026!"\n}', 'Wifi2026!'],
  ['//registry.npmjs.org/:_auth=dXNlcjpwYXNzd29yZA==', 'dXNlcjpwYXNzd29yZA=='],
  ['LTAI5tQ8pZx2Lm9Kc3Vb7Nw1', 'LTAI5tQ8pZx2Lm9Kc3Vb7Nw1'],
  ['export DT=dt0c01.ABCDEFGHIJKLMNOPQRSTUVWX.' + 'A1'.repeat(32), 'dt0c01.ABCDEFGHIJKLMNOPQRSTUVWX.' + 'A1'.repeat(32)],
  ['key: xkeysib-' + 'ab12'.repeat(16) + '-Zq81mLp0Xc7vBn3K', 'xkeysib-' + 'ab12'.repeat(16) + '-Zq81mLp0Xc7vBn3K'],
  ['API-ABCDEFGH1JKLMN0PQRSTUVWXYZ used for octopus', 'API-ABCDEFGH1JKLMN0PQRSTUVWXYZ'],
  ['BUNDLE_ENTERPRISE__CONTRIBSYS__COM=cafebabe:deadbeef', 'cafebabe:deadbeef'],
  ['lftp ftp://backup:Ftp9pass@files.internal/', 'Ftp9pass'],
  ['SMTP_URL=smtp://mailer:Smtp7pw@mail.internal:587', 'Smtp7pw'],
  ['Proxy-Authorization: Basic dXNlcjpwYXNzd29yZA==', 'dXNlcjpwYXNzd29yZA=='],
  ['Authorization: Token tok_9f8e7d6c5b4a', 'tok_9f8e7d6c5b4a'],
  ['[internal]\nrepository = https://pypi.internal\nusername = ci\npassword = Pyp1rcPw', 'Pyp1rcPw'],
  ['{"client_id": "cli", "client_secret": "Cs3cr3tValue"}', 'Cs3cr3tValue'],
  ['the wifi password is Orchid77', 'Orchid77'],
  ['smtp:\n  host: mail\n  password: Hunter2024', 'Hunter2024'],
  ['bundle config set --global gems.example.com deploy:Gem5ecret', 'deploy:Gem5ecret'],
  ['composer config --global http-basic.repo.example.org ci C0mposerPw', 'C0mposerPw'],
  ['poetry config pypi-token.internal pt9Kd8sLqQ2x', 'pt9Kd8sLqQ2x'],
  ['yarn config set npmAuthToken Yn9kLmQ2pZ7x', 'Yn9kLmQ2pZ7x'],
  ['npm config set //npm.example.com/:_authToken Np4kLmQ2pZ7x', 'Np4kLmQ2pZ7x'],
  ["const lob = new Lob('live_" + '0123456789abcdef'.repeat(2) + "abc');", 'live_' + '0123456789abcdef'.repeat(2) + 'abc'],
  ['GOCARDLESS_ACCESS_TOKEN: live_' + 'Ab3-_x'.repeat(6) + 'Zq9w', 'live_' + 'Ab3-_x'.repeat(6) + 'Zq9w'],
  // Assignments without `=`, names with a sigil, schemes the header rule does not list.
  ['ENV STRIPE_API_KEY rk9Xq2LmPz0Wv7Ty', 'rk9Xq2LmPz0Wv7Ty'],
  ['set -gx OPENAI_TOKEN zq81mLp0Xc7vBn3Kq', 'zq81mLp0Xc7vBn3Kq'],
  ['setenv DB_PASSWORD Harbor42x', 'Harbor42x'],
  ['I added ENV SENTRY_AUTH_TOKEN Qx81mZp0Lc7vBn3K to the Dockerfile', 'Qx81mZp0Lc7vBn3K'],
  ['{"client_secret": "wrapped+at+the+edge+Zq81mLp0Xc7vBn3Kq\n9f8e7d6c"}', 'wrapped+at+the+edge+Zq81mLp0Xc7vBn3Kq'],
  ["$smtp_pass = 'Cobalt#88';", 'Cobalt#88'],
  ['-H "Authorization: GenieKey 3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'],
  // Prose in other orders.
  ['wk7mq9z2xd0pa4lt3c is the api key for the bot', 'wk7mq9z2xd0pa4lt3c'],
  ["the deploy key? it's Zx8mQ2pL9vT4", 'Zx8mQ2pL9vT4'],
  ['I reset the admin password to Falcon77! this morning', 'Falcon77!'],
  ['log in with ops / Tundra42# and check the queue', 'Tundra42#'],
  ['the search token we were given is k3q9x0vz8m2w7p1r5t', 'k3q9x0vz8m2w7p1r5t'],
  // A user and password handed to a call; a generated string handed to a client.
  ['s.auth = HTTPBasicAuth("ops", "Gr4nite!x")', 'Gr4nite!x'],
  ['resp = httpx.get(u, auth=("ops", "Gr4nite!x"))', 'Gr4nite!x'],
  ['pay = PaymentsClient("5f0c2b7e-9a1d-4c3e-8b2a-7d6e5f4c3b2a")', '5f0c2b7e-9a1d-4c3e-8b2a-7d6e5f4c3b2a'],
  // A word prefix, then a short random body.
  ['acme_live_bX7kQ2mZ9pL4vT8w', 'bX7kQ2mZ9pL4vT8w'],
  ['acme_sbox_k3q9x0vz8m2w7p1r5t4y', 'k3q9x0vz8m2w7p1r5t4y'],
  ['tk_2931_QZ7M4K2P9X1V8B3N6C5L0W', 'QZ7M4K2P9X1V8B3N6C5L0W'],
  // `pass` alone as a name, a secret set from the command line, a bare colon after a two-word name, user:password in prose.
  ['db:\n  user: app\n  pass: Zq8mLp2x', 'Zq8mLp2x'],
  ['gh secret set NPM_TOKEN --body Np4kLmQ2pZ7xQ8w', 'Np4kLmQ2pZ7xQ8w'],
  ['API key: Qz81mLp0Xc7vBn3K (prod)', 'Qz81mLp0Xc7vBn3K'],
  ['use the creds ops:Tundra42# for the box', 'Tundra42#'],
  // A key and its id in one token: two long hex parts.
  ['use ak1.0f3a9c2e7b6d4f18a5c3e9b7d2f4a6c8.9e1d3b5f7a2c4e6081b3d5f7a9c2e4f6', '0f3a9c2e7b6d4f18a5c3e9b7d2f4a6c8'],
];

const KEPT: readonly string[] = [
  'docker run -p 8080:80 -e POSTGRES_PASSWORD=$PGPASS postgres:16',
  'docker login -u ci --password-stdin registry.example.com < token.txt',
  'ssh -p 2222 deploy@host && psql -h db -p 5432 -U app',
  'ldapsearch -x -W -D cn=admin -b dc=example,dc=com',
  'openssl req -new -key k.pem -passout env:KEY_PASS -out req.csr',
  'htpasswd -c /etc/nginx/.htpasswd admin',
  'net user admin /delete',
  'redis-cli --user default ping',
  'unzip -o archive.zip -d out',
  'const password = req.body.password;',
  'password: string;',
  "'password' => 'required|string|min:8|confirmed',",
  "localStorage.setItem('theme', 'dark');",
  "['auth', 'Illuminate\\\\Auth\\\\AuthManager'],",
  'The default password is required on first login.',
  'machine learning models use password hashing',
  'password required',
  '00:1a:2b:3c:4d:5e',
  'root:x:0:0:root:/root:/bin/bash',
  'src/app.ts:12:5: error: cannot find name',
  '<passwordPolicy>strict</passwordPolicy>',
  '<password>${env.DB_PASSWORD}</password>',
  'toolu_01NG5xcSvVWynFdbWxaW2SPc and msg_01QdKEzwwjhMrbE13LjZjnMA from req_011CStqNVgnpUWr5a1ihYAWa',
  'the API-level docs and the api-key header',
  'access-control-allow-origin: *',
  'bundle config set --local path vendor/bundle && bundle config build.nokogiri --use-system-libraries',
  'npm config set registry https://registry.npmjs.org/ && yarn config set enableTelemetry 0',
  // Code that assigns a call's result to a secret's name, or names a secret's file.
  'passphrase = _text_to_bytes_and_warn("passphrase", passphrase)',
  'token = get_token_from_header(request)',
  'ENV NODE_ENV production',
  'ENV API_TOKEN_FILE /run/secrets/token',
  'set -gx GITHUB_TOKEN $GH_TOKEN',
  'read it from the env TOKEN variable instead',
  'Authorization: the header carries a bearer token',
  'const credential = new AzureNamedKeyCredential("ManagedPolicy", "secret value");',
  'client = Client("https://api.example.com/v1")',
  // Prose that has the words but no value.
  'Redis is the key to our caching layer',
  'This is the password prompt you will see',
  'I changed the password to something stronger',
  'the api key? it is in the vault',
  'log in with your username / password on the portal',
  'Pass :meth:`peek` a default value to return instead',
  'credentials: &securityCredentials,',
  "password = getpass.getpass('Password: ')",
  'pass: true',
  'login at 10.0.0.5:8080 and sign in with github:oauth',
  // Identifiers made of words and numbers, and alphabets.
  'arg_immediate_OptLSL_amount_16_0_16 ap_VecSpReg_10_10_6_9 xxx_messageInfo_Uint128Pair',
  'package_json_has_0_field_1_that_references_2_6101',
  '[343 /* JSDocReturnTag */]: forEachChildInJSDocTypeLikeTag,',
  "'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'",
  // Hashes and ids side by side: a git range, a path through two session ids, a SCREAMING_SNAKE name.
  'git log 9fceb02d0ae598e95dc970b74767f19372d61af8..a3f1c2e4b5d6978812ab34cd56ef7890a1b2c3d4',
  '~/.claude/projects/5ec2e75a-0000-4000-8000-000000000000/0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b.jsonl',
  'MAX_RETRY_COUNT_FOR_UPLOAD_QUEUE',
];

describe('command, config and provider-sweep rules', () => {
  for (const [text, secret] of CAUGHT) {
    it(`redacts ${JSON.stringify(text.slice(0, 60))}`, () => {
      const out = redact(text).text;
      assert.ok(!out.includes(secret), out);
      assert.match(out, /\[redacted:[a-z0-9-]+\]/);
    });
  }
  it('keeps ordinary commands, code and prose that name the same tools and words', () => {
    const changed = KEPT.filter((t) => redact(t).count > 0).map((t) => `${t} -> ${redact(t).text}`);
    assert.deepEqual(changed, []);
  });
});
