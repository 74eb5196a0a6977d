// Key material and the config files that carry it: PEM private keys (also
// inside JSON with escaped newlines, or cut off before their END line),
// Kubernetes Secret `data:` blocks, kubeconfig key data and Docker's
// config.json `auth`. These span lines or hide behind base64, so they run
// before the one-token rules.
import { isMarker, marker, type Rule } from './rule';

export const KEY_RULES: readonly Rule[] = [
  { kind: 'private', keywords: ['<private'], re: /(?<s><private>[\s\S]*?<\/private>)/gi },
  {
    // Everything from BEGIN to END, or to the end of the text when the END is missing.
    kind: 'private-key',
    keywords: ['private key'],
    re: /(?<s>-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$(?![\s\S])))/g,
  },
  { kind: 'private-key', keywords: ['putty-user-key-file'], re: /(?<s>PuTTY-User-Key-File-\d[\s\S]*?Private-MAC: *\S+)/g },
  {
    // A Kubernetes Secret's data/stringData block: the value of every line indented under it.
    kind: 'k8s-secret',
    keywords: ['data:'],
    re: /^(?<ind>[ \t]*)(?:data|stringData):[ \t]*\n(?:\k<ind>[ \t]+[^\n]*(?:\n|$))+/gm,
    rewrite: (block) => {
      let count = 0;
      const text = block.replace(/^([ \t]+["']?[\w.-]+["']?:[ \t]+)([^\s|>#](?:[^\n]*[^\s])?)([ \t]*)$/gm, (_m, pre: string, value: string, post: string) => {
        if (isMarker(value)) return `${pre}${value}${post}`;
        count++;
        return `${pre}${marker('k8s-secret')}${post}`;
      });
      return { text, count };
    },
  },
  {
    kind: 'k8s-key-data',
    keywords: ['key-data', 'token-data'],
    re: /(?<pre>\b(?:client-key-data|token-data|key-data)["']?\s*:\s*["']?)(?<s>[A-Za-z0-9+/=]{16,})/g,
  },
  {
    // Docker's config.json and similar registry configs: base64 of user:password.
    kind: 'registry-auth',
    keywords: ['"auth"', '"identitytoken"', '"registrytoken"'],
    re: /(?<pre>"(?:auth|identitytoken|registrytoken)"\s*:\s*")(?<s>[^"\s]{8,})(?<post>")/gi,
  },
];
