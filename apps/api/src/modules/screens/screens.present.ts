import type { MediaItem } from '@aula/domain/activity-content';
import { absoluteMediaItem } from '../media/media.present';
import type { MediaRow, ScreenWithBody } from './screens.repo';

export interface LinkDto {
  screen_id: number;
  version_id: number | null;
  activity_id: number;
  activity_title: string;
}

/** 001 section 3: Screen. */
export function presentScreen(s: ScreenWithBody, links: readonly LinkDto[] = []) {
  return {
    screen_id: s.id,
    version_id: s.version.id,
    section: s.section,
    position: s.position,
    content: s.version.content,
    questions: s.version.questions,
    media: s.version.media,
    sensors: s.version.sensors,
    links: links.map((l) => ({
      screen_id: l.screen_id,
      version_id: l.version_id,
      activity_id: l.activity_id,
      activity_title: l.activity_title,
    })),
    origin: s.origin ?? null,
    linked: s.linkedScreenId !== null,
  };
}
export type ScreenDto = ReturnType<typeof presentScreen>;

/** 000 section 3: a media item as the builder and renderer see it; without access only its id and kind are told. */
export function presentMediaItem(m: MediaRow, readable: boolean, sensorNames: ReadonlyMap<number, string>): MediaItem {
  if (!readable || m.deletedAt) {
    return {
      id: m.id,
      title: '',
      type: m.type as MediaItem['type'],
      location: null,
      images: null,
      stored: [],
      sensors: [],
      access: false,
    };
  }
  return {
    id: m.id,
    title: m.title,
    type: m.type as MediaItem['type'],
    location: m.location,
    images: m.images ?? null,
    stored: m.stored,
    sensors: m.sensorIds.map((id) => ({ id, name: sensorNames.get(id) ?? '' })),
    access: true,
  };
}

export function presentVersion(v: {
  v: {
    id: number;
    number: number;
    title: string;
    note: string | null;
    createdAt: Date;
    publishedAt: Date | null;
  };
  first: string | null;
  last: string | null;
}) {
  return {
    id: v.v.id,
    number: v.v.number,
    title: v.v.title,
    note: v.v.note,
    created_at: v.v.createdAt.toISOString(),
    created_by_name: v.first === null ? null : `${v.first} ${v.last ?? ''}`.trim(),
    published_at: v.v.publishedAt?.toISOString() ?? null,
  };
}

export function presentPublishState(a: {
  id: number;
  status: string;
  publishedVersionId: number | null;
  publishedAt: Date | null;
  scheduledVersionId: number | null;
  scheduledAt: Date | null;
}) {
  return {
    id: a.id,
    status: a.status as 'draft' | 'published',
    published_version_id: a.publishedVersionId,
    published_at: a.publishedAt?.toISOString() ?? null,
    scheduled_version_id: a.scheduledVersionId,
    scheduled_at: a.scheduledAt?.toISOString() ?? null,
  };
}

/** The content part of the builder state (GET /activities/:id/screens, and after loading a version). */
export function presentBuilderState(
  s: {
    screens: ScreenDto[];
    history: Parameters<typeof presentVersion>[0][];
    activity: {
      publishedVersionId: number | null;
      scheduledVersionId: number | null;
      scheduledAt: Date | null;
    };
    media: MediaItem[];
    sensors: { id: number; name: string }[];
  },
  mediaBase: string,
) {
  return {
    screens: s.screens,
    history: s.history.map(presentVersion),
    published_version_id: s.activity.publishedVersionId,
    scheduled_version_id: s.activity.scheduledVersionId,
    scheduled_at: s.activity.scheduledAt?.toISOString() ?? null,
    media: s.media.map((m) => absoluteMediaItem(m, mediaBase)),
    sensors: s.sensors,
  };
}

/** Anything carrying a media list (version, previews) with the stored files' paths made absolute. */
export function withAbsoluteMedia<T extends { media: MediaItem[] }>(data: T, mediaBase: string): T {
  return { ...data, media: data.media.map((m) => absoluteMediaItem(m, mediaBase)) };
}
