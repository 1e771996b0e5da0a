import type { FastifyRequest } from 'fastify';
import type { MediaItem } from '@aula/domain/activity-content';
import type { MediaView } from './media.service';

// Media rows become the renderer's MediaItem (packages/domain activity-content). Stored files are kept as
// root-relative paths (/media/files/...) so the data moves with the server; they are made absolute here.

/** The origin stored files are served from: MEDIA_PUBLIC_URL (e.g. a CDN), else the API's public URL; never Host. */
export function mediaBaseUrl(req: FastifyRequest): string {
  const { config } = req.server.deps;
  return (config.MEDIA_PUBLIC_URL ?? config.PUBLIC_API_URL).replace(/\/+$/, '');
}

export function absoluteMediaUrl(base: string, url: string): string {
  return url.startsWith('/media/files/') ? `${base}${url}` : url;
}

/** A media item with its stored files' paths made absolute (screens, previews and the library all answer so). */
export function absoluteMediaItem<T extends MediaItem>(m: T, base: string): T {
  const abs = (u: string) => absoluteMediaUrl(base, u);
  return {
    ...m,
    location: m.location === null ? null : abs(m.location),
    images: m.images && { small: abs(m.images.small), medium: abs(m.images.medium), large: abs(m.images.large) },
    stored: m.stored.map((x) => ({ type: x.type, src: abs(x.src) })),
  };
}

export type MediaDto = MediaItem & {
  domain_id: number;
  account_id: number | null;
  thumbnail: string | null;
  created_at: string;
};

/** `access` is the caller's: a screen's presenter passes false for media the viewer may not read. */
export function presentMedia(view: MediaView, base: string, access = true): MediaDto {
  const { row } = view;
  const oembed = row.meta.oembed as { thumbnail_url?: string | null } | undefined;
  return absoluteMediaItem(
    {
      id: row.id,
      title: row.title,
      type: row.type as MediaItem['type'],
      location: row.location,
      images: row.images ?? null,
      stored: row.stored,
      sensors: view.sensors.map((s) => ({ id: s.id, name: s.name })),
      access,
      domain_id: row.domainId,
      account_id: row.accountId,
      thumbnail: row.images ? absoluteMediaUrl(base, row.images.small) : (oembed?.thumbnail_url ?? null),
      created_at: row.createdAt.toISOString(),
    },
    base,
  );
}
