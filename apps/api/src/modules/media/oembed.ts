import type { Config } from '../../config';
import { ValidationError } from '../../lib/errors';

// 000 section 7: a video embed is looked up with GET oEmbed on its provider (url and options); a 404 is rejected as
// 'not found', a 403 as 'not embeddable'. The provider endpoints come from the configuration (tests point them at a
// local server).

export type VideoProvider = 'youtube' | 'vimeo';

export interface OEmbed {
  title: string;
  thumbnail_url: string | null;
  width: number | null;
  height: number | null;
  provider_name: string | null;
  author_name: string | null;
}

function endpoint(config: Config, provider: VideoProvider): string {
  return provider === 'youtube' ? config.OEMBED_YOUTUBE_URL : config.OEMBED_VIMEO_URL;
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Throws a 422 on the `url` field for a missing, private or unreachable video. */
export async function lookupOEmbed(config: Config, provider: VideoProvider, url: string): Promise<OEmbed> {
  const u = new URL(endpoint(config, provider));
  u.searchParams.set('url', url);
  u.searchParams.set('format', 'json');
  u.searchParams.set('maxwidth', '1280');
  let res: Response;
  try {
    res = await fetch(u, {
      signal: AbortSignal.timeout(config.OEMBED_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch {
    throw ValidationError.field('url', 'errors.media.providerUnavailable', undefined, true);
  }
  if (res.status === 404) throw ValidationError.field('url', 'errors.media.videoNotFound', undefined, true);
  if (res.status === 401 || res.status === 403)
    throw ValidationError.field('url', 'errors.media.videoNotEmbeddable', undefined, true);
  if (!res.ok) throw ValidationError.field('url', 'errors.media.providerUnavailable', undefined, true);
  let body: Record<string, unknown>;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    throw ValidationError.field('url', 'errors.media.providerUnavailable', undefined, true);
  }
  return {
    title: (str(body.title) ?? url).slice(0, 255),
    thumbnail_url: str(body.thumbnail_url),
    width: num(body.width),
    height: num(body.height),
    provider_name: str(body.provider_name),
    author_name: str(body.author_name),
  };
}
