// Issue 33's rules, table-driven: secrets known by structure (keys in URLs of
// API hosts, literals handed to constructors and SDK init calls, auth/login
// subcommands, headers objects, table rows, fixed-width wraps) and by form
// (BIP-39 phrases with a valid checksum, 64-byte arrays, 0x keys where the
// line says key), each beside the public thing of the same shape that must
// come through byte for byte. Values are random draws (mulberry32), never real.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { redact } from '../../../daemon/memory/redact';
import { mulberry32 } from '../../helpers';

const rnd = mulberry32(0x3333);
const draw = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
const hex = (n: number): string => draw('0123456789abcdef', n);
const b62 = (n: number): string => draw('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', n);
const b64 = (n: number): string => draw('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', n);
const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
const bytes = (n: number, max = 256): number[] => Array.from({ length: n }, () => Math.floor(rnd() * max));
const phrase = (words: number): string => entropyToMnemonic(Uint8Array.from(bytes((words / 3) * 4)), wordlist);

const k32 = b62(32);
const h32 = hex(32);
const u = uuid();
const h64 = hex(64);
const p12 = phrase(12);
const p24 = phrase(24);
const pair = `[${bytes(64).join(',')}]`;
const relay = `${b62(22)}x9`;
const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ${b62(120)}.${b62(43)}`;

// [what, text, secret that must be gone]
const CAUGHT: ReadonlyArray<readonly [string, string, string]> = [
  ['RPC key as a path segment (host table)', `fetch("https://eth-mainnet.g.alchemy.com/v2/${k32}")`, k32],
  ['RPC key after /v3/ on a websocket URL', `new WebSocket("wss://mainnet.infura.io/ws/v3/${h32}")`, h32],
  ['key after a version segment on any host', `curl https://rpc.example-chain.io/v1/${k32}/status`, k32],
  ['appid query parameter of its host', `GET https://api.openweathermap.org/data/2.5/weather?q=Oslo&appid=${h32}`, h32],
  ['access_key on any host', `http://api.geo.example/8.8.8.8?access_key=${h32}&format=1`, h32],
  ['healthchecks ping path', `curl -fsS https://hc-ping.com/${u}`, u],
  ['hex key as a constructor argument', `var geo = new GeocodingClient("${h32}");`, h32],
  ['second argument of a factory', `SearchClient.create("APP1", "${h32}")`, h32],
  ['sdk-UUID to an init call', `const c = init('sdk-${u}');`, `sdk-${u}`],
  ['UUID to a Rust constructor', `let sdk = Sdk::new("prod", "${u}").await?;`, u],
  ['auth subcommand', `$ fooctl auth ${u}`, u],
  ['login subcommand with hex', `./bin/tool login ${h32} --org acme`, h32],
  ['account number after login, and its echo', `$ vpn account login 4821930475629184\nAccount "4821930475629184" set`, '4821930475629184'],
  ['header value in a headers dict', `httpx.get(URL, headers={"X-Feed-Auth": "${u}"})`, u],
  ['header-setting call', `req.Header.Set("X-Vendor-Key", "${k32}")`, k32],
  ['BIP-39 phrase in prose', `the recovery words are ${p12}. funded it already`, p12],
  [
    'BIP-39 phrase split over two lines',
    `restore:\n${p24.split(' ').slice(0, 12).join(' ')}\n${p24.split(' ').slice(12).join(' ')}`,
    p24.split(' ').slice(12).join(' '),
  ],
  [
    'BIP-39 phrase as a numbered list',
    `words:\n${p12
      .split(' ')
      .map((w, i) => `${i + 1}. ${w}`)
      .join('\n')}`,
    `7. ${p12.split(' ')[6]}`,
  ],
  ['keypair as 64 bytes', `$ cat id.json\n${pair}`, pair],
  ['0x key in accounts', `accounts: ["0x${h64}"],`, h64],
  ['0x key assigned to a NAME', `DEPLOYER_PK=0x${h64}`, h64],
  ['cell under a Password header', `| svc | user | Password |\n|---|---|---|\n| db | app | Granite7!x |`, 'Granite7!x'],
  ['cell after a label cell', `| prod | API key | ${k32} |`, k32],
  ['cell after a secret name', `| Variable | Value |\n|---|---|\n| RELAY_HOST | smtp.internal |\n| RELAY_SECRET | ${relay} |`, relay],
  ['JWT folded at 64 columns, every line', `$ token | fold -w 64\n${jwt.match(/.{1,64}/g)!.join('\n')}`, jwt.slice(-10)],
];

// Public things and look-alikes that must come out byte for byte.
const KEPT: ReadonlyArray<readonly [string, string]> = [
  ['SSH public key', `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${b64(43)} ops@laptop`],
  ['WireGuard public key', `[Peer]\nPublicKey = ${b64(43)}=\nAllowedIPs = 10.0.0.2/32`],
  ['go.sum hash', `golang.org/x/text v0.14.0 h1:${b64(43)}=`],
  ['SRI hash', `integrity="sha384-${b64(64)}"`],
  ['Stripe ids', `charge ch_${b62(24)} for cus_${b62(14)} via pi_${b62(24)}`],
  ['Twilio message SID', `queued SM${hex(32)}`],
  ['explorer address URL', `https://etherscan.io/address/0x${hex(40)}`],
  ['explorer tx URL (base58)', `https://solscan.io/tx/${draw('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 87)}`],
  ['tx hash in prose', `sent it, tx 0x${hex(64)} confirmed`],
  ['block hash in JSON', `{"blockHash":"0x${hex(64)}","number":"0x1b4"}`],
  ['commit URL with a version-like path', `https://github.com/acme/api/commit/${hex(40)}`],
  ['docs URL after /v2/', 'https://api.example.com/v2/users/me'],
  ['base64 of JSON', `echo ${Buffer.from('{"theme":"dark","lang":"en","beta":true}').toString('base64')} | base64 -d`],
  ['base64 of prose', `motd: ${Buffer.from('Welcome to the build box. Be nice to it.').toString('base64')}`],
  ['32-byte array (a public key)', `"programId": [${bytes(32).join(',')}]`],
  ['64 numbers over 255', `weights: [${bytes(63, 900).join(',')},1000]`],
  [
    'twelve list words without the checksum',
    `tags: ${['ocean', 'forest', 'river', 'mountain', 'island', 'desert', 'valley', 'canyon', 'garden', 'meadow', 'orchard', 'copper'].join(' ')}`,
  ],
  ['prose of short words', 'we should build the new table and find a way to ship it before the demo on friday with care'],
  ['table without credential columns', `| Name | Version | Hash |\n|---|---|---|\n| zod | 3.23.8 | ${hex(40)} |`],
  ['sha256 list at a fixed width', `${hex(64)}\n${hex(64)}\n${hex(64)}`],
  ['UUID parsed in Go', `id := uuid.MustParse("${uuid()}")`],
  ['assert.Equal on a hash', `assert.Equal(t, "${hex(40)}", got)`],
  ['docker -v "$PWD":/app', 'docker run --rm -v "$PWD":/app -w /app node:20 npm test'],
  ['UUID in a web URL', `open https://app.example.com/projects/${uuid()}/settings`],
];

describe('redaction by structure and by form (issue 33)', () => {
  for (const [what, text, secret] of CAUGHT) {
    it(`redacts: ${what}`, () => {
      const out = redact(text).text;
      assert.match(out, /\[redacted:[a-z0-9-]+\]/, out);
      assert.ok(!out.includes(secret), `${what}: ${out}`);
    });
  }
  for (const [what, text] of KEPT) {
    it(`keeps: ${what}`, () => assert.equal(redact(text).text, text));
  }
  it('keeps the text around a phrase, a byte array and a URL key', () => {
    assert.equal(redact(`use ${p12} for the faucet`).text, 'use [redacted:bip39-phrase] for the faucet');
    assert.equal(redact(`PAYER=[${bytes(64).join(',')}] node pay.js`).text, 'PAYER=[redacted:keypair-bytes] node pay.js');
    assert.equal(redact(`https://mainnet.infura.io/v3/${h32}?x=1`).text, 'https://mainnet.infura.io/v3/[redacted:url-key]?x=1');
  });
  it('is idempotent on all of the above', () => {
    const once = redact([...CAUGHT.map((c) => c[1]), ...KEPT.map((k) => k[1])].join('\n\n')).text;
    assert.equal(redact(once).text, once);
  });
});
