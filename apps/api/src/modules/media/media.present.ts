import type { FastifyRequest } from 'fastify';
import type { MediaItem } from '@aula/domain/activity-content';
import type { MediaView } from './media.service';

// Media rows become the renderer's MediaItem (packages/domain activity-content). Stored files are kept as
// root-relative paths (/media/files/...) so the data moves with the server; they are made absolute here.

/** The origin stored files are served from: MEDIA_PUBLIC_URL behind a proxy, else the request's own origin. */
export function mediaBaseUrl(req: FastifyRequest): string {
  return (req.server.deps.config.MEDIA_PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}

export function absoluteMediaUrl(base: string, url: string): string {
  return url.startsWith('/media/files/') ? `${base}${url}` : url;
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
  const abs = (u: string) => absoluteMediaUrl(base, u);
  const oembed = row.meta.oembed as { thumbnail_url?: string | null } | undefined;
  return {
    id: row.id,
    title: row.title,
    type: row.type as MediaItem['type'],
    location: row.location === null ? null : abs(row.location),
    images: row.images && {
      small: abs(row.images.small),
      medium: abs(row.images.medium),
      large: abs(row.images.large),
    },
    stored: row.stored.map((s) => ({ type: s.type, src: abs(s.src) })),
    sensors: view.sensors.map((s) => ({ id: s.id, name: s.name })),
    access,
    domain_id: row.domainId,
    account_id: row.accountId,
    thumbnail: row.images ? abs(row.images.small) : (oembed?.thumbnail_url ?? null),
    created_at: row.createdAt.toISOString(),
  };
}
