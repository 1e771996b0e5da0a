import type { MediaType } from './activity-content';

// 001 section 5: URL checks for YouTube, Vimeo, iframe src, generic http(s) URLs and image data URLs. Written once
// for the API (POST /media/parse and /media) and the builder's media form.

// The WHATWG URL parser is global in Node and in every browser; this package compiles without DOM or Node types.
interface WhatwgUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  pathname: string;
  searchParams: { get(name: string): string | null };
  toString(): string;
}
declare const URL: new (input: string) => WhatwgUrl;

/** An absolute http: or https: URL with a host and no user name or password in it. */
export function parseHttpUrl(input: string): WhatwgUrl | null {
  let url: WhatwgUrl;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  return url;
}

export function isHttpUrl(input: string): boolean {
  return parseHttpUrl(input) !== null;
}

/** `data:image/png;base64,...` (a pasted image); svg is refused because it can carry script. */
export function isImageDataUrl(input: string): boolean {
  return /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(input.trim());
}

/**
 * The src of a pasted embed code (`<iframe src="..." ...>`), or the input itself when it is not embed code.
 * Returns null for embed code without an http(s) src.
 */
export function iframeSrcOf(input: string): string | null {
  const text = input.trim();
  if (!/^<iframe[\s>]/i.test(text)) return isHttpUrl(text) ? parseHttpUrl(text)!.toString() : null;
  const m = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(text);
  const src = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').replace(/&amp;/g, '&');
  return isHttpUrl(src) ? parseHttpUrl(src)!.toString() : null;
}

const hostIs = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube watch, short, embed, shorts or live URL. */
export function youTubeVideoId(input: string): string | null {
  const url = parseHttpUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (hostIs(host, 'youtube.com') || hostIs(host, 'youtube-nocookie.com')) {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts[0] && ['embed', 'shorts', 'live', 'v'].includes(parts[0])) id = parts[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The video id of a vimeo.com or player.vimeo.com URL (numeric, possibly under channels/groups/album paths). */
export function vimeoVideoId(input: string): string | null {
  const url = parseHttpUrl(input);
  if (!url || !hostIs(url.hostname.toLowerCase(), 'vimeo.com')) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const last = [...parts].reverse().find((p) => /^\d{1,12}$/.test(p));
  return last ?? null;
}

/** Hosts each simulation kind may be embedded from. */
export const SIMULATION_HOSTS = {
  phet: ['phet.colorado.edu'],
  tuva: ['tuvalabs.com'],
  codap: ['concord.org'],
} as const satisfies Partial<Record<MediaType, readonly string[]>>;
export type SimulationType = keyof typeof SIMULATION_HOSTS;

export function isSimulationUrl(type: SimulationType, input: string): boolean {
  const url = parseHttpUrl(input);
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  return SIMULATION_HOSTS[type].some((d) => hostIs(host, d));
}

export interface DetectedMedia {
  type: Extract<MediaType, 'video-yt' | 'video-vimeo' | 'phet' | 'tuva' | 'codap' | 'pdf' | 'iframe'>;
  /** the URL to store as the media location (embed code reduced to its src) */
  location: string;
}

/** What a pasted URL or embed code is. Null when it is neither an http(s) URL nor embed code with one. */
export function detectMediaUrl(input: string): DetectedMedia | null {
  const location = iframeSrcOf(input);
  if (!location) return null;
  if (youTubeVideoId(location)) return { type: 'video-yt', location };
  if (vimeoVideoId(location)) return { type: 'video-vimeo', location };
  for (const type of Object.keys(SIMULATION_HOSTS) as SimulationType[])
    if (isSimulationUrl(type, location)) return { type, location };
  if (/\.pdf$/i.test(new URL(location).pathname)) return { type: 'pdf', location };
  return { type: 'iframe', location };
}

/** A readable default title for a URL: its last path segment without extension, else its host. */
export function titleFromUrl(input: string): string {
  const url = parseHttpUrl(input);
  if (!url) return input.slice(0, 255);
  const last = url.pathname.split('/').filter(Boolean).pop();
  const name = last
    ? decodeURIComponent(last)
        .replace(/\.[a-z0-9]{1,5}$/i, '')
        .replace(/[-_]+/g, ' ')
    : '';
  return (name.trim() || url.hostname).slice(0, 255);
}
