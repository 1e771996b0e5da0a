import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { oauth1Authorization, oauthEncode, signatureBaseString } from './oauth1';

// OAuth 1.0a signing (RFC 5849) for ClassLink's Roster Server. The signature base string is checked against the
// worked example of RFC 5849 section 3.4.1 (parameters from the query, the body and the OAuth header; '+' in a
// form value is a space, %-encoding applied twice); the server side is verified for real in sso-sources.test.ts.

describe('OAuth 1.0a signing', () => {
  it('builds the signature base string of RFC 5849 3.4.1', () => {
    const base = signatureBaseString('post', 'http://EXAMPLE.com:80/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', {
      c2: '',
      a3: '2 q',
      oauth_consumer_key: '9djdj82h48djs9d2',
      oauth_token: 'kkk9d7dh3k39sjv7',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '137131201',
      oauth_nonce: '7d8f3e4a',
      oauth_signature: 'left-out',
      realm: 'Example',
    });
    expect(base).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('encodes everything but ALPHA, DIGIT and -._~ (RFC 5849 3.6)', () => {
    expect(oauthEncode("a-b._~ !*'()+/é")).toBe('a-b._~%20%21%2A%27%28%29%2B%2F%C3%A9');
  });

  it('signs with HMAC-SHA256 keyed by the encoded consumer secret and an empty token secret', () => {
    const url = 'https://oneroster.classlink.example/alpine/ims/oneroster/v1p1/orgs?limit=1&offset=0';
    const header = oauth1Authorization(
      'GET',
      url,
      { consumerKey: 'key 1', consumerSecret: 's&cret' },
      {
        nonce: 'n0nce',
        timestamp: 1_700_000_000,
      },
    );
    const params = Object.fromEntries(
      [...header.replace(/^OAuth /, '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [
        m[1]!,
        decodeURIComponent(m[2]!),
      ]),
    );
    expect(params).toMatchObject({
      oauth_consumer_key: 'key 1',
      oauth_nonce: 'n0nce',
      oauth_signature_method: 'HMAC-SHA256',
      oauth_timestamp: '1700000000',
      oauth_version: '1.0',
    });
    const base = signatureBaseString('GET', url, { ...params, oauth_signature: '' });
    expect(params.oauth_signature).toBe(createHmac('sha256', 's%26cret&').update(base).digest('base64'));
    // a fresh nonce every time
    const a = oauth1Authorization('GET', url, { consumerKey: 'k', consumerSecret: 's' });
    const b = oauth1Authorization('GET', url, { consumerKey: 'k', consumerSecret: 's' });
    expect(/oauth_nonce="([^"]+)"/.exec(a)![1]).not.toBe(/oauth_nonce="([^"]+)"/.exec(b)![1]);
  });
});
