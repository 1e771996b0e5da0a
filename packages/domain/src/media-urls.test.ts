import { describe, expect, it } from 'vitest';
import {
  detectMediaUrl,
  iframeSrcOf,
  isHttpUrl,
  isImageDataUrl,
  isSimulationUrl,
  titleFromUrl,
  vimeoVideoId,
  youTubeVideoId,
} from './media-urls';

describe('URL checks (001 section 5)', () => {
  it('accepts only http(s) URLs with a host and no credentials', () => {
    expect(isHttpUrl('https://example.org/a')).toBe(true);
    expect(isHttpUrl('http://example.org')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://example.org/file')).toBe(false);
    expect(isHttpUrl('data:text/html,hi')).toBe(false);
    expect(isHttpUrl('https://user:pw@example.org/')).toBe(false);
    expect(isHttpUrl('example.org')).toBe(false);
  });

  it('recognises image data URLs but not svg or other data', () => {
    expect(isImageDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isImageDataUrl('data:image/jpeg;base64,/9j/4AAQ')).toBe(true);
    expect(isImageDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isImageDataUrl('data:text/plain;base64,aGk=')).toBe(false);
  });

  it('reads the src of pasted iframe embed code', () => {
    expect(iframeSrcOf('<iframe width="5" src="https://sim.example.org/x?a=1&amp;b=2"></iframe>')).toBe(
      'https://sim.example.org/x?a=1&b=2',
    );
    expect(iframeSrcOf("<iframe src='javascript:alert(1)'></iframe>")).toBeNull();
    expect(iframeSrcOf('https://example.org/page')).toBe('https://example.org/page');
    expect(iframeSrcOf('not a url')).toBeNull();
  });

  it('finds YouTube ids in watch, short, embed and shorts URLs only', () => {
    expect(youTubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youTubeVideoId('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youTubeVideoId('https://www.youtube.com/channel/dQw4w9WgXcQ')).toBeNull();
  });

  it('finds Vimeo ids on vimeo.com and player.vimeo.com', () => {
    expect(vimeoVideoId('https://vimeo.com/76979871')).toBe('76979871');
    expect(vimeoVideoId('https://player.vimeo.com/video/76979871?h=abc')).toBe('76979871');
    expect(vimeoVideoId('https://vimeo.com/channels/staffpicks/76979871')).toBe('76979871');
    expect(vimeoVideoId('https://vimeo.com/about')).toBeNull();
    expect(vimeoVideoId('https://evilvimeo.com/76979871')).toBeNull();
  });

  it('checks simulation hosts (PhET, Tuva, CODAP) including subdomains, not look-alikes', () => {
    expect(isSimulationUrl('phet', 'https://phet.colorado.edu/sims/html/x/latest/x_en.html')).toBe(true);
    expect(isSimulationUrl('tuva', 'https://my.tuvalabs.com/activity/1')).toBe(true);
    expect(isSimulationUrl('codap', 'https://codap.concord.org/app/')).toBe(true);
    expect(isSimulationUrl('codap', 'https://concord.org.evil.test/')).toBe(false);
    expect(isSimulationUrl('phet', 'https://example.org/phet.colorado.edu')).toBe(false);
  });

  it('detects the media kind of a pasted URL', () => {
    expect(detectMediaUrl('https://youtu.be/dQw4w9WgXcQ')?.type).toBe('video-yt');
    expect(detectMediaUrl('https://vimeo.com/76979871')?.type).toBe('video-vimeo');
    expect(detectMediaUrl('https://phet.colorado.edu/sims/a.html')?.type).toBe('phet');
    expect(detectMediaUrl('https://codap.concord.org/app/')?.type).toBe('codap');
    expect(detectMediaUrl('https://files.example.org/notes.PDF')?.type).toBe('pdf');
    expect(detectMediaUrl('<iframe src="https://tool.example.org/embed"></iframe>')).toEqual({
      type: 'iframe',
      location: 'https://tool.example.org/embed',
    });
    expect(detectMediaUrl('file:///etc/passwd')).toBeNull();
  });

  it('makes a title from the last path segment or the host', () => {
    expect(titleFromUrl('https://files.example.org/docs/lab-safety_rules.pdf')).toBe('lab safety rules');
    expect(titleFromUrl('https://tool.example.org/')).toBe('tool.example.org');
  });
});
