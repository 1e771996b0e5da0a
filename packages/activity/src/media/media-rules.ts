import { VIDEO_LOW_BANDWIDTH, VIDEO_START_HEIGHT, type MediaItem } from '@aula/domain/activity-content';
import { vimeoVideoId, youTubeVideoId } from '@aula/domain/media-urls';
import type { RenderContext, ViewMode } from '../types';

// The media widgets' decisions as pure functions (000 sections 2, 4 and 7), unit-tested apart from React.

// ---- hosted video ----

export type VideoSource = { kind: 'hls' | 'dash' | 'mp4'; src: string };

/** 000 section 4: HLS preferred, then DASH, then MP4. */
export function chooseVideoSource(stored: MediaItem['stored']): VideoSource | null {
  for (const kind of ['hls', 'dash', 'mp4'] as const) {
    const found = stored.find((s) => s.type === kind);
    if (found) return { kind, src: found.src };
  }
  return null;
}

export function posterOf(stored: MediaItem['stored']): string | undefined {
  return stored.find((s) => s.type === 'poster')?.src;
}

/** The quality level to start at: the one 720 px high when there is one, else the player's own choice (-1). */
export function startLevelIndex(levels: readonly { height: number }[]): number {
  return levels.findIndex((l) => l.height === VIDEO_START_HEIGHT);
}

/** The index of the lowest-bitrate level. */
export function lowestLevelIndex(levels: readonly { bitrate: number }[]): number {
  let best = -1;
  levels.forEach((l, i) => {
    if (best === -1 || l.bitrate < levels[best]!.bitrate) best = i;
  });
  return best;
}

/**
 * 000 section 4: at or below 5,000,000 estimated bits per second the lowest quality level is forced; above it the
 * player chooses again (-1: automatic). No estimate yet (NaN or 0 before any fragment) changes nothing (null).
 */
export function levelForBandwidth(estimate: number, levels: readonly { bitrate: number }[]): number | null {
  if (!Number.isFinite(estimate) || estimate <= 0 || levels.length === 0) return null;
  return estimate <= VIDEO_LOW_BANDWIDTH ? lowestLevelIndex(levels) : -1;
}

// ---- embedded video (YouTube, Vimeo) ----

/** The provider's player URL for a stored watch URL; null when the URL is not the provider's. */
export function videoEmbedUrl(type: 'video-yt' | 'video-vimeo', location: string, origin: string): string | null {
  if (type === 'video-yt') {
    const id = youTubeVideoId(location);
    if (!id) return null;
    const q = new URLSearchParams({ enablejsapi: '1', rel: '0', origin });
    return `https://www.youtube-nocookie.com/embed/${id}?${q.toString()}`;
  }
  const id = vimeoVideoId(location);
  if (!id) return null;
  const url = new URL(location);
  // unlisted videos carry a privacy hash: ?h=... or vimeo.com/{id}/{hash}
  const parts = url.pathname.split('/').filter(Boolean);
  const after = parts[parts.indexOf(id) + 1];
  const hash = url.searchParams.get('h') ?? (after && /^[0-9a-f]{6,}$/i.test(after) ? after : null);
  const q = new URLSearchParams({ api: '1', dnt: '1' });
  if (hash) q.set('h', hash);
  return `https://player.vimeo.com/video/${id}?${q.toString()}`;
}

/**
 * 000 section 4: an iframe video that shows an error page is removed. A cross-origin frame cannot be read, so the
 * players' own error events tell us: YouTube's IFrame API posts {"event":"onError"} (video missing, private or
 * not embeddable: the 403/500 pages), Vimeo's player API posts {"event":"error"}.
 */
export function isEmbedErrorMessage(type: 'video-yt' | 'video-vimeo', data: unknown): boolean {
  let msg: unknown = data;
  if (typeof data === 'string') {
    try {
      msg = JSON.parse(data);
    } catch {
      return false;
    }
  }
  if (!msg || typeof msg !== 'object') return false;
  const event = (msg as { event?: unknown }).event;
  return type === 'video-yt' ? event === 'onError' : event === 'error';
}

/** What the page tells each player so that it reports errors (YouTube: listening; Vimeo: addEventListener). */
export function embedListenMessage(type: 'video-yt' | 'video-vimeo'): string {
  return type === 'video-yt'
    ? JSON.stringify({ event: 'listening', id: 'aula', channel: 'widget' })
    : JSON.stringify({ method: 'addEventListener', value: 'error' });
}

// ---- Vernier lab embed ----

/** 000 section 4: Vernier runs only in Chrome, Edge and Chromium (they have Web Bluetooth and WebUSB). */
export function isVernierBrowser(userAgent: string): boolean {
  if (/\b(OPR|Opera|SamsungBrowser|YaBrowser|UCBrowser|Vivaldi)\//.test(userAgent)) return false;
  if (/\b(CriOS|EdgiOS|FxiOS)\//.test(userAgent)) return false; // iOS browsers are WebKit
  return /\b(Chrome|Chromium|Edg)\/\d+/.test(userAgent);
}

const prefixed = (prefix: string, value: string | number) => {
  const s = String(value);
  return s.startsWith(prefix) ? s : `${prefix}${s}`;
};

/**
 * 000 section 7: the lab embed's iframe source. The media location's base address is rewritten to the lab host;
 * query parameters: demo-mode=1 (teacher review, builder preview), read-only=1 (student review), host (the page's
 * origin), lessonid A{id}, experimentid E{id}-{second}, userid U{id}, blockid, classAssignmentId CA{id}, groupid
 * G{id}, groupOwnerId U{id}, groupComplete.
 */
export function vernierEmbedUrl(
  location: string,
  opts: { mode: ViewMode; lab?: RenderContext['lab']; blockId: string; pageOrigin: string },
): string {
  const src = new URL(location);
  const url = opts.lab?.host ? new URL(src.pathname + src.search + src.hash, opts.lab.host) : src;
  const q = url.searchParams;
  if (opts.mode === 'builder_preview' || opts.mode === 'teacher_review') q.set('demo-mode', '1');
  if (opts.mode === 'student_review') q.set('read-only', '1');
  q.set('host', opts.pageOrigin);
  const lab = opts.lab;
  if (lab) {
    q.set('lessonid', prefixed('A', lab.lessonId));
    q.set('experimentid', prefixed('E', lab.experimentId));
    q.set('userid', prefixed('U', lab.userId));
    q.set('blockid', lab.blockId ?? opts.blockId);
    if (lab.classAssignmentId !== undefined) q.set('classAssignmentId', prefixed('CA', lab.classAssignmentId));
    if (lab.groupId !== undefined) q.set('groupid', prefixed('G', lab.groupId));
    if (lab.groupOwnerId !== undefined) q.set('groupOwnerId', prefixed('U', lab.groupOwnerId));
    if (lab.groupComplete !== undefined) q.set('groupComplete', lab.groupComplete ? '1' : '0');
  } else {
    q.set('blockid', opts.blockId);
  }
  return url.toString();
}

export type LabEvent =
  | { type: 'persistent_host_not_ready' }
  | { type: 'need_reload' }
  | { type: 'waiting_for_lab_group_host'; name: string };

/** 000 section 4: the lab-sensor events a lab embed posts to the page; anything else is ignored (null). */
export function labEventOf(data: unknown): LabEvent | null {
  let msg: unknown = data;
  if (typeof data === 'string') {
    try {
      msg = JSON.parse(data);
    } catch {
      msg = { type: data };
    }
  }
  if (!msg || typeof msg !== 'object') return null;
  const m = msg as Record<string, unknown>;
  const type = m.type ?? m.event;
  if (type === 'persistent_host_not_ready' || type === 'need_reload') return { type };
  if (type === 'waiting_for_lab_group_host') {
    const name = [m.name, m.hostName, m.host_name].find((v): v is string => typeof v === 'string' && v.length > 0);
    return { type, name: name ?? '' };
  }
  return null;
}

// ---- sensors ----

/** 000 section 2: the sensor dot appears only in student_work and builder_preview. */
export function showsSensorDot(mode: ViewMode): boolean {
  return mode === 'student_work' || mode === 'builder_preview';
}

/** Green when a device of one of the required kinds is connected. */
export function sensorConnected(required: MediaItem['sensors'], connected: ReadonlySet<number> | undefined): boolean {
  return !!connected && required.some((s) => connected.has(s.id));
}

// ---- Tuva ----

/** 000 section 4: the plot-state messages exchanged with a Tuva embed. */
export const TUVA_GET_STATE = { action: 'getPlotState' } as const;
export function tuvaSetState(state: unknown) {
  return { action: 'setPlotState', state } as const;
}
/** The state in a message from the Tuva embed, or undefined when the message is something else. */
export function tuvaStateOf(data: unknown): { state: unknown } | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const m = data as { action?: unknown; state?: unknown };
  return m.action === 'plotState' ? { state: m.state } : undefined;
}
