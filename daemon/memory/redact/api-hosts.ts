// Where API hosts carry a credential inside the URL itself, from each
// provider's own documentation of its endpoint format. `host` matches the
// URL's host name or any of its parent domains. `after`: the path segment
// (or `segments` segments) right after the named one is the key; `at`: the
// key is the path segment at that index; `params`: query parameters that
// carry the key on this host only (names that are credentials on every host
// are in urls.ts).
export interface ApiHost {
  host: string;
  after?: readonly string[];
  at?: number;
  segments?: number;
  params?: readonly string[];
}

export const API_HOSTS: readonly ApiHost[] = [
  // JSON-RPC providers: https://eth-mainnet.g.alchemy.com/v2/KEY, /nft/v3/KEY/…; https://mainnet.infura.io/v3/KEY, wss://…/ws/v3/KEY.
  { host: 'alchemy.com', after: ['v2', 'v3'] },
  { host: 'alchemyapi.io', after: ['v2', 'v3'] },
  { host: 'infura.io', after: ['v3'] },
  { host: 'quiknode.pro', at: 0 },
  { host: 'rpc.ankr.com', at: 1 },
  { host: 'go.getblock.io', at: 0 },
  { host: 'blastapi.io', at: 0 },
  { host: 'p2pify.com', at: 0 },
  { host: 'nodereal.io', after: ['v1'] },
  { host: 'chainnodes.org', at: 0 },
  { host: 'bsc-dataseed.binance.org', at: 0 },
  { host: 'drpc.org', params: ['dkey'] },
  { host: 'rpc.tenderly.co', after: ['mainnet', 'sepolia', 'holesky', 'goerli'] },
  // REST APIs that take the key in the path or under a name of their own.
  { host: 'exchangerate-api.com', after: ['v6'] },
  { host: 'maker.ifttt.com', after: ['key'] },
  { host: 'hooks.zapier.com', after: ['catch'], segments: 2 },
  { host: 'hc-ping.com', at: 0 },
  { host: 'api.openweathermap.org', params: ['appid'] },
  { host: 'openexchangerates.org', params: ['app_id'] },
  { host: 'api.unsplash.com', params: ['client_id'] },
  { host: 'api.ipstack.com', params: ['access_key'] },
  { host: 'api.currencylayer.com', params: ['access_key'] },
  { host: 'api.positionstack.com', params: ['access_key'] },
  { host: 'api.weatherstack.com', params: ['access_key'] },
  { host: 'api.edamam.com', params: ['app_key'] },
  { host: 'api.spoonacular.com', params: ['apiKey'] },
];
