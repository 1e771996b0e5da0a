import { createHmac, timingSafeEqual } from 'node:crypto';

// Who may frame a page an LTI launch opens (issue 18 item 3; ADR 0007). The launch sends the browser to the app
// with `lti_frame=<origin>.<expiry>.<mac>`: the platform's origin, signed by the API with TOKEN_SECRET. The UI
// server, which has no database, checks the signature and lets that one origin frame that response
// (frame-ancestors); any other page, or a forged or expired value, stays unframeable.

export const LTI_FRAME_PARAM = 'lti_frame';
/** long enough for a class period in the LMS frame; a reload after that is refused framing */
export const LTI_FRAME_TTL_SECONDS = 12 * 60 * 60;

const mac = (secret: string, body: string) =>
  createHmac('sha256', `lti-frame:${secret}`).update(body).digest('base64url');

/** The origin of an http(s) URL, or null. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

export function signFrameOrigin(secret: string, origin: string, now = Date.now()): string {
  const body = `${Buffer.from(origin).toString('base64url')}.${Math.floor(now / 1000) + LTI_FRAME_TTL_SECONDS}`;
  return `${body}.${mac(secret, body)}`;
}

/** The origin a valid, unexpired value names; null otherwise. */
export function verifyFrameOrigin(secret: string, value: string | null | undefined, now = Date.now()): string | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [encoded, expiry, given] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, `${encoded}.${expiry}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (!/^\d+$/.test(expiry) || Number(expiry) * 1000 < now) return null;
  const origin = originOf(Buffer.from(encoded, 'base64url').toString());
  // only a plain origin can go into the CSP header (no quote or ';' can end the directive)
  return origin && /^https?:\/\/[a-z0-9.\-[\]:]+$/i.test(origin) ? origin : null;
}
