import { createHmac, randomBytes } from 'node:crypto';

// OAuth 1.0a request signing (RFC 5849) as OneRoster 1.1 servers such as ClassLink's Roster Server ask it: no token,
// only the consumer key and secret (the source's client id and secret), HMAC-SHA256 over the signature base string
// of the method, the URL without its query, and every query and oauth_* parameter. A fresh nonce and timestamp per
// request; the signature goes in the Authorization header.

/** RFC 5849 3.6: unreserved characters (ALPHA, DIGIT, -._~) stay, everything else is %XX of its UTF-8 bytes. */
export function oauthEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** RFC 5849 3.4.1: METHOD & base URI & normalized parameters, each encoded. */
export function signatureBaseString(method: string, url: string, oauthParams: Record<string, string>): string {
  const u = new URL(url);
  const baseUri = `${u.protocol}//${u.host}${u.pathname}`;
  const pairs: [string, string][] = [...u.searchParams.entries(), ...Object.entries(oauthParams)]
    .filter(([name]) => name !== 'oauth_signature' && name !== 'realm')
    .map(([name, value]) => [oauthEncode(name), oauthEncode(value)]);
  pairs.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const normalized = pairs.map(([name, value]) => `${name}=${value}`).join('&');
  return [method.toUpperCase(), oauthEncode(baseUri), oauthEncode(normalized)].join('&');
}

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
}

/** The Authorization header of one signed request; nonce and timestamp may be given (tests), else fresh ones. */
export function oauth1Authorization(
  method: string,
  url: string,
  creds: OAuth1Credentials,
  fixed: { nonce?: string; timestamp?: number } = {},
): string {
  const params: Record<string, string> = {
    oauth_consumer_key: creds.consumerKey,
    oauth_nonce: fixed.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: String(fixed.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  // no token: the key is the encoded consumer secret and an empty token secret
  const key = `${oauthEncode(creds.consumerSecret)}&`;
  const signature = createHmac('sha256', key)
    .update(signatureBaseString(method, url, params))
    .digest('base64');
  const header = Object.entries({ ...params, oauth_signature: signature })
    .map(([name, value]) => `${oauthEncode(name)}="${oauthEncode(value)}"`)
    .join(', ');
  return `OAuth ${header}`;
}
