import { describe, expect, it } from 'vitest';
import {
  chooseVideoSource,
  isEmbedErrorMessage,
  isVernierBrowser,
  labEventOf,
  levelForBandwidth,
  posterOf,
  sensorConnected,
  showsSensorDot,
  startLevelIndex,
  tuvaStateOf,
  vernierEmbedUrl,
  videoEmbedUrl,
} from './media-rules';

const src = (type: 'hls' | 'dash' | 'mp4' | 'poster') => ({ type, src: `https://cdn.example.org/v.${type}` });

describe('hosted video', () => {
  it('prefers HLS, then DASH, then MP4; the poster is never a source', () => {
    expect(chooseVideoSource([src('mp4'), src('dash'), src('hls')])).toEqual({
      kind: 'hls',
      src: 'https://cdn.example.org/v.hls',
    });
    expect(chooseVideoSource([src('mp4'), src('dash')])?.kind).toBe('dash');
    expect(chooseVideoSource([src('poster'), src('mp4')])?.kind).toBe('mp4');
    expect(chooseVideoSource([src('poster')])).toBeNull();
    expect(posterOf([src('mp4'), src('poster')])).toBe('https://cdn.example.org/v.poster');
  });

  it('starts at the 720 px level when there is one', () => {
    expect(startLevelIndex([{ height: 360 }, { height: 720 }, { height: 1080 }])).toBe(1);
    expect(startLevelIndex([{ height: 360 }, { height: 1080 }])).toBe(-1);
  });

  it('forces the lowest level at or below 5,000,000 and goes back to automatic above', () => {
    const levels = [{ bitrate: 4_000_000 }, { bitrate: 800_000 }, { bitrate: 2_000_000 }];
    expect(levelForBandwidth(5_000_000, levels)).toBe(1);
    expect(levelForBandwidth(1_000, levels)).toBe(1);
    expect(levelForBandwidth(5_000_001, levels)).toBe(-1);
    expect(levelForBandwidth(Number.NaN, levels)).toBeNull();
    expect(levelForBandwidth(0, levels)).toBeNull();
    expect(levelForBandwidth(1_000, [])).toBeNull();
  });
});

describe('embedded video', () => {
  it("builds the providers' player URLs, keeping a Vimeo privacy hash", () => {
    expect(videoEmbedUrl('video-yt', 'https://youtu.be/dQw4w9WgXcQ', 'https://app.test')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&rel=0&origin=https%3A%2F%2Fapp.test',
    );
    expect(videoEmbedUrl('video-vimeo', 'https://vimeo.com/76979871/abcdef1234', 'https://app.test')).toBe(
      'https://player.vimeo.com/video/76979871?api=1&dnt=1&h=abcdef1234',
    );
    expect(videoEmbedUrl('video-yt', 'https://vimeo.com/1', 'https://app.test')).toBeNull();
  });

  it("recognises the players' error events", () => {
    expect(isEmbedErrorMessage('video-yt', '{"event":"onError","info":150}')).toBe(true);
    expect(isEmbedErrorMessage('video-yt', '{"event":"onReady"}')).toBe(false);
    expect(isEmbedErrorMessage('video-vimeo', { event: 'error', data: { name: 'PrivacyError' } })).toBe(true);
    expect(isEmbedErrorMessage('video-vimeo', 'not json')).toBe(false);
  });
});

describe('Vernier', () => {
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
  it('runs in Chrome, Edge and Chromium only', () => {
    expect(isVernierBrowser(chrome)).toBe(true);
    expect(isVernierBrowser(`${chrome} Edg/126.0`)).toBe(true);
    expect(isVernierBrowser('Mozilla/5.0 (X11; Linux x86_64) Chromium/120.0 Chrome/120.0 Safari/537.36')).toBe(true);
    expect(isVernierBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(false);
    expect(isVernierBrowser('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe(false);
    expect(isVernierBrowser(`${chrome} OPR/110.0`)).toBe(false);
    expect(isVernierBrowser('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 CriOS/126.0 Mobile/15E148 Safari/604.1')).toBe(
      false,
    );
  });

  it('rewrites the base address to the lab host and adds the identifiers in their formats', () => {
    const url = new URL(
      vernierEmbedUrl('https://labs.vernier.example/lab/cooling?x=1', {
        mode: 'student_work',
        blockId: 'item-7',
        pageOrigin: 'https://student.aula.test',
        lab: {
          host: 'https://lab-host.example.org',
          lessonId: 12,
          experimentId: '34-2',
          userId: 56,
          classAssignmentId: 78,
          groupId: 9,
          groupOwnerId: 10,
          groupComplete: false,
        },
      }),
    );
    expect(url.origin + url.pathname).toBe('https://lab-host.example.org/lab/cooling');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1',
      host: 'https://student.aula.test',
      lessonid: 'A12',
      experimentid: 'E34-2',
      userid: 'U56',
      blockid: 'item-7',
      classAssignmentId: 'CA78',
      groupid: 'G9',
      groupOwnerId: 'U10',
      groupComplete: '0',
    });
  });

  it('sets demo-mode in teacher review and builder preview, read-only in student review', () => {
    const q = (mode: 'builder_preview' | 'teacher_review' | 'student_review' | 'student_work') =>
      Object.fromEntries(
        new URL(vernierEmbedUrl('https://labs.example/l', { mode, blockId: 'b', pageOrigin: 'https://a.test' }))
          .searchParams,
      );
    expect(q('builder_preview')).toEqual({ 'demo-mode': '1', host: 'https://a.test', blockid: 'b' });
    expect(q('teacher_review')['demo-mode']).toBe('1');
    expect(q('student_review')).toEqual({ 'read-only': '1', host: 'https://a.test', blockid: 'b' });
    expect(q('student_work')).toEqual({ host: 'https://a.test', blockid: 'b' });
  });

  it('reads the lab-sensor events and ignores other messages', () => {
    expect(labEventOf({ type: 'persistent_host_not_ready' })).toEqual({ type: 'persistent_host_not_ready' });
    expect(labEventOf('need_reload')).toEqual({ type: 'need_reload' });
    expect(labEventOf('{"event":"waiting_for_lab_group_host","name":"Ana Ruiz"}')).toEqual({
      type: 'waiting_for_lab_group_host',
      name: 'Ana Ruiz',
    });
    expect(labEventOf({ type: 'something_else' })).toBeNull();
    expect(labEventOf(42)).toBeNull();
  });
});

describe('sensors and Tuva', () => {
  it('shows the sensor dot only in student_work and builder_preview', () => {
    expect(showsSensorDot('student_work')).toBe(true);
    expect(showsSensorDot('builder_preview')).toBe(true);
    expect(showsSensorDot('teacher_review')).toBe(false);
    expect(showsSensorDot('student_review')).toBe(false);
  });

  it('is green when a device of a required kind is connected', () => {
    const required = [
      { id: 1, name: 'Temperature' },
      { id: 2, name: 'Force' },
    ];
    expect(sensorConnected(required, new Set([2]))).toBe(true);
    expect(sensorConnected(required, new Set([3]))).toBe(false);
    expect(sensorConnected(required, undefined)).toBe(false);
  });

  it('reads plot states from Tuva messages only', () => {
    expect(tuvaStateOf({ action: 'plotState', state: { x: 'mass' } })).toEqual({ state: { x: 'mass' } });
    expect(tuvaStateOf({ action: 'other' })).toBeUndefined();
    expect(tuvaStateOf('plotState')).toBeUndefined();
  });
});
