// Passwords passed to commands on their command line. Many tools take one
// under a short flag that means "password" only for that tool (`sshpass -p`,
// `ldapsearch -w`, `sqlcmd -P`, `redis-cli -a`), so the flags are a table per
// tool: a flag here is only read after its tool's name on the same command.
// Then the positional forms (`htpasswd -b file user PW`, `rabbitmqctl
// add_user u PW`), user-and-password pairs (`smbclient -U u%PW`, `lftp -u
// u,PW`, `sqlplus u/PW@db`) and a password piped into a tool that reads it.
import { SECRET_NAME } from './names';
import type { Rule } from './rule';
import { notAValue } from './values';

// A value: quoted, or one word.
const VALUE = String.raw`'[^'\n]*'|"[^"\n]*"|[^\s'"]+`;
// Up to the flag, within one command (not across a pipe, `;` or `&&`).
const SAME_COMMAND = String.raw`[^\n|;&]*?\s`;

interface FlagEntry {
  tools: readonly string[];
  /** Prefilter keywords; by default the tool names. */
  keywords?: readonly string[];
  /** Flags whose next word (or `=value`) is a password; a trailing `:` means the value follows it glued (`pass:X`). */
  flags: readonly string[];
  /** Flags that take the password glued to them (`-pPW`). */
  glued?: readonly string[];
}

const FLAGS: readonly FlagEntry[] = [
  { tools: ['sshpass'], flags: ['-p'], glued: ['-p'] },
  // Registry logins only: elsewhere `docker -p` publishes a port.
  {
    tools: ['docker login', 'podman login', 'buildah login', 'skopeo login', 'nerdctl login', 'oras login', 'helm registry login', 'crane auth login'],
    keywords: ['login'],
    flags: ['-p'],
  },
  {
    tools: ['ldapsearch', 'ldapmodify', 'ldapadd', 'ldapdelete', 'ldapwhoami', 'ldappasswd', 'ldapcompare', 'ldapmodrdn', 'ldapexop', 'ldapurl'],
    keywords: ['ldap'],
    flags: ['-w'],
  },
  { tools: ['openssl'], flags: ['-passout pass:', '-passin pass:', '-pass pass:', '-password pass:', '-k'] },
  { tools: ['redis-cli', 'valkey-cli', 'keydb-cli'], flags: ['-a', '--pass'] },
  {
    tools: ['sqlcmd', 'bcp', 'osql', 'isql', 'ipmitool', 'mosquitto_pub', 'mosquitto_sub', 'mosquitto_rr', 'zip', 'unzip', 'zipcloak'],
    keywords: ['sqlcmd', 'bcp', 'osql', 'isql', 'ipmitool', 'mosquitto', 'zip'],
    flags: ['-P'],
  },
  { tools: ['7z', '7za', '7zr', 'rar', 'unrar'], flags: [], glued: ['-p'] },
  { tools: ['mongo', 'mongosh', 'mongodump', 'mongorestore', 'mongoexport', 'mongoimport', 'mongostat', 'mongotop'], keywords: ['mongo'], flags: ['-p'] },
  { tools: ['az login', 'oc login', 'rdesktop', 'smbmap', 'crackmapexec', 'netexec', 'nxc', 'hydra'], flags: ['-p'] },
  { tools: ['xfreerdp', 'wlfreerdp', 'sdl-freerdp'], flags: [], glued: ['/p:'] },
  // A secret's value given on the command line: `gh secret set NAME --body V`.
  { tools: ['gh secret set'], keywords: ['secret set'], flags: ['--body', '-b'] },
];

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function flagRule(e: FlagEntry): Rule {
  const tools = e.tools.map((t) => esc(t).replace(/ /g, '[ \\t]+')).join('|');
  const spaced = e.flags.map((f) => (f.endsWith(':') ? esc(f) : `${esc(f)}(?:[ \\t]+|=)`));
  const glued = (e.glued ?? []).map(esc);
  const flag = [...spaced, ...glued].join('|');
  return {
    kind: 'command-password',
    keywords: e.keywords ?? e.tools.map((t) => t.toLowerCase()),
    re: new RegExp(String.raw`(?<pre>(?<![\w-])(?:${tools})\b${SAME_COMMAND}(?:${flag}))(?<s>${VALUE})`, 'g'),
    accept: (v) => !v.startsWith('-') && !notAValue(v),
  };
}

const END_OF_COMMAND = String.raw`(?=[ \t]*(?:$|[|;&>]))`;

export const COMMAND_RULES: readonly Rule[] = [
  ...FLAGS.map(flagRule),
  {
    // htpasswd -b[c...] FILE USER PW, or -nb USER PW: the last word of the command.
    kind: 'command-password',
    keywords: ['htpasswd'],
    re: new RegExp(String.raw`(?<pre>\bhtpasswd(?<opts>(?:[ \t]+-[A-Za-z]+)+)(?:[ \t]+[^\s-]\S*){1,2}?[ \t]+)(?<s>${VALUE})${END_OF_COMMAND}`, 'gm'),
    accept: (v, g) => /b/.test(g.opts ?? '') && !notAValue(v),
  },
  {
    kind: 'command-password',
    keywords: ['rabbitmqctl', 'net use'],
    re: new RegExp(
      String.raw`(?<pre>\b(?:rabbitmqctl(?:[ \t]+-\S+)*[ \t]+(?:add_user|change_password|authenticate_user)[ \t]+\S+|net[ \t]+user[ \t]+\S+|net[ \t]+use[ \t]+\\\\\S+)[ \t]+)(?<s>${VALUE})`,
      'gi',
    ),
    accept: (v) => !/^[/*-]/.test(v) && !notAValue(v),
  },
  {
    // user%password (Samba), user,password (lftp), user/password@db (Oracle).
    kind: 'command-password',
    keywords: ['smbclient', 'rpcclient', 'smbcacls', 'smbget', 'lftp', 'sqlplus', 'rman', 'expdp', 'impdp', 'sqlldr'],
    re: /(?<pre>\b(?:(?:smbclient|rpcclient|smbcacls|smbget)\b[^\n|;&]*?\s(?:-U|--user(?:name)?=?)\s*["']?[^\s%'"]+%|lftp\b[^\n|;&]*?\s-u\s+["']?[^\s,'"]+,|(?:sqlplus|rman|expdp|impdp|sqlldr)(?:\s+-\S+)*\s+["']?[\w$#.]+\/))(?<s>[^\s'"@]+)/g,
    accept: (v) => !notAValue(v),
  },
  {
    // Package managers' credential settings: `bundle config [set] [--global] HOST USER:PW` (Bundler keys
    // credentials by host), `composer|poetry config http-basic.REPO USER PW`, `… config github-oauth.HOST TOKEN`.
    kind: 'command-password',
    keywords: ['bundle config', 'http-basic.', 'github-oauth.', 'gitlab-oauth.', 'gitlab-token.', 'bearer.', 'pypi-token.'],
    re: new RegExp(
      String.raw`(?<pre>\b(?:bundle[ \t]+config(?:[ \t]+set)?(?:[ \t]+--(?:local|global))?[ \t]+(?!build\.|mirror\.)[\w-]+(?:\.[\w-]+)+|(?:composer|poetry)[ \t]+config(?:[ \t]+-\S+)*[ \t]+(?:http-basic\.\S+[ \t]+\S+|(?:github-oauth|gitlab-oauth|gitlab-token|bearer|pypi-token)\.\S+))[ \t]+)(?<s>${VALUE})`,
      'g',
    ),
    accept: (v) => !v.startsWith('-') && !notAValue(v),
  },
  {
    // `npm|yarn|pnpm config set NAME VALUE` where the name says secret (`_authToken`, `npmAuthToken`, `//host/:_password`).
    kind: 'command-password',
    keywords: ['config set'],
    re: new RegExp(String.raw`(?<pre>\bconfig[ \t]+set(?:[ \t]+-\S+)*[ \t]+["']?(?:\S*:)?${SECRET_NAME}["']?[ \t]+)(?<s>${VALUE})`, 'gi'),
    accept: (v) => !v.startsWith('-') && !notAValue(v),
  },
  {
    // ConvertTo-SecureString 'PW' -AsPlainText.
    kind: 'command-password',
    keywords: ['convertto-securestring'],
    re: /(?<pre>ConvertTo-SecureString\s+(?:-String\s+)?(?<q>["']))(?<s>[^"'\n]+)(?<post>\k<q>)/gi,
    accept: (v) => !notAValue(v),
  },
  {
    // echo PW | docker login --password-stdin, | sudo -S, | chpasswd, | passwd --stdin.
    kind: 'command-password',
    keywords: ['--password-stdin', 'sudo -s', 'chpasswd', '--stdin'],
    re: /(?<pre>\b(?:echo|printf)\s+(?:-[neE]+\s+)?(?<q>["']?))(?<s>[^\s"'|]+)(?=\k<q>\s*\|\s*(?:sudo\s+-S\b|\S*\s*(?:docker|podman|helm|oras|nerdctl)\s+(?:registry\s+)?login\b[^\n|]*--password-stdin|(?:sudo\s+)?chpasswd\b|(?:sudo\s+)?passwd\s+--stdin))/g,
    accept: (v) => !notAValue(v),
  },
];
