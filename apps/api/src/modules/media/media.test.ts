import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/test-app';
import { buildWorld, countOf, statusesByActor, type World } from '../../../test/tenancy-fixtures';
import { createMedia, createSensor } from '../../db/seed/catalogue-factories';

let t: TestApp;
let w: World;
let dataDir: string;
let provider: Server;
const oembedCalls: string[] = [];

// A local stand-in for the YouTube and Vimeo oEmbed endpoints: the video id decides the answer.
function startProvider(): Promise<string> {
  provider = createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    oembedCalls.push(`${u.pathname} ${u.searchParams.get('url')}`);
    const url = u.searchParams.get('url') ?? '';
    if (url.includes('missingVid1') || url.includes('404404')) return res.writeHead(404).end('Not Found');
    if (url.includes('privateVid1') || url.includes('403403')) return res.writeHead(403).end('Forbidden');
    if (url.includes('brokenVid11')) return res.writeHead(500).end('oops');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        title: u.pathname === '/yt' ? 'Phases of the Moon' : 'Plate Tectonics',
        thumbnail_url: `https://img.example.org${u.pathname}/thumb.jpg`,
        width: 640,
        height: 360,
        provider_name: u.pathname === '/yt' ? 'YouTube' : 'Vimeo',
      }),
    );
  });
  return new Promise((resolve) =>
    provider.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(provider.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aula-media-'));
  const base = await startProvider();
  t = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      OEMBED_YOUTUBE_URL: `${base}/yt`,
      OEMBED_VIMEO_URL: `${base}/vimeo`,
      MEDIA_IMAGE_MAX_MB: '0.5',
      // files are linked at the configured API URL, whatever Host an upload names (api.test below)
      PUBLIC_API_URL: 'https://api.school.example',
    },
  });
  w = await buildWorld(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => provider.close(r));
  await rm(dataDir, { recursive: true, force: true });
});

interface Part {
  filename: string;
  type: string;
  data: Buffer;
}
function multipart(parts: Part[]) {
  const boundary = '----aulaTestBoundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(token: string, parts: Part[], query = '') {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/dashboard/media/upload${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, host: 'api.test' },
    payload: body.payload,
  });
}

const image = (width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
const mediaFiles = async () => (await readdir(path.join(dataDir, 'media')).catch(() => [] as string[])).sort();
const filePath = (url: string) => new URL(url).pathname;

describe('POST /dashboard/media/upload', () => {
  it('keeps small, medium and large jpeg copies of an image and serves them without a token', async () => {
    const res = await upload(w.tokens.domain, [
      { filename: 'moon.png', type: 'image/png', data: await image(2000, 1000, 'png') },
    ]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ type: 'image', title: 'moon', domain_id: w.domA.id, account_id: null, access: true });
    expect(data.images.small).toMatch(/^https:\/\/api\.school\.example\/media\/files\/[a-f0-9]{32}-small\.jpg$/);
    expect(data.location).toBe(data.images.large);
    const row = await w.pool.query('select domain_id, account_id, type, images, deleted_at from media where id = $1', [
      data.id,
    ]);
    expect(row.rows[0]).toMatchObject({ domain_id: w.domA.id, account_id: null, type: 'image', deleted_at: null });
    expect(row.rows[0].images.small).toMatch(/^\/media\/files\//);

    const widths: Record<string, number> = {};
    for (const size of ['small', 'medium', 'large'] as const) {
      const file = await t.app.inject({ method: 'GET', url: filePath(data.images[size]) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      widths[size] = meta.width!;
    }
    expect(widths).toEqual({ small: 480, medium: 960, large: 1600 });
  });

  it('keeps png when asked and never enlarges a small image', async () => {
    const res = await upload(
      w.tokens.domain,
      [{ filename: 'icon.png', type: 'image/png', data: await image(300, 200, 'png') }],
      '?format=png&title=Icon',
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.title).toBe('Icon');
    const large = await t.app.inject({ method: 'GET', url: filePath(data.images.large) });
    expect(large.headers['content-type']).toBe('image/png');
    expect((await sharp(large.rawPayload).metadata()).width).toBe(300);
  });

  it('stores a PDF', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const res = await upload(
      w.tokens.domain,
      [{ filename: 'lab-safety.pdf', type: 'application/pdf', data: pdf }],
      '?kind=pdf',
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ type: 'pdf', title: 'lab-safety', images: null });
    const file = await t.app.inject({ method: 'GET', url: filePath(data.location) });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses bad uploads with the spec messages, writing no row and no file', async () => {
    const rows = await countOf(w, 'media');
    const files = await mediaFiles();
    const cases: [Part[], string, string][] = [
      [[{ filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }], '', 'It is not an image file!'],
      [
        [{ filename: 'anim.gif', type: 'image/gif', data: await image(10, 10, 'gif') }],
        '',
        'anim.gif is not a jpeg, png or jpg file!',
      ],
      [
        [{ filename: 'fake.jpg', type: 'image/jpeg', data: Buffer.from('not really a jpeg') }],
        '',
        'File Is NOT Image!',
      ],
      [
        [{ filename: 'huge.jpg', type: 'image/jpeg', data: Buffer.alloc(600 * 1024, 1) }],
        '',
        'huge.jpg is bigger than 0.5 MB!',
      ],
      [
        [
          { filename: 'a.jpg', type: 'image/jpeg', data: await image(10, 10) },
          { filename: 'b.jpg', type: 'image/jpeg', data: await image(10, 10) },
        ],
        '',
        'Please upload one file at a time.',
      ],
      [
        [{ filename: 'a.png', type: 'image/png', data: await image(10, 10, 'png') }],
        '?kind=pdf',
        'a.png is not a pdf file!',
      ],
      [
        [{ filename: 'x.pdf', type: 'application/pdf', data: Buffer.from('no signature') }],
        '?kind=pdf',
        'x.pdf is not a pdf file!',
      ],
      [[{ filename: 'empty.jpg', type: 'image/jpeg', data: Buffer.alloc(0) }], '', 'File Not Found!'],
    ];
    for (const [parts, query, message] of cases) {
      const res = await upload(w.tokens.domain, parts, query);
      expect(res.statusCode, message).toBe(422);
      expect(res.json()).toEqual({ message, errors: { file: [message] } });
    }
    const noFile = await call(t.app, 'POST', '/dashboard/media/upload', { token: w.tokens.domain, body: {} });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().message).toBe('File Not Found!');
    const badKind = await upload(
      w.tokens.domain,
      [{ filename: 'a.jpg', type: 'image/jpeg', data: await image(10, 10) }],
      '?kind=zip',
    );
    expect(badKind.statusCode).toBe(422);
    expect(badKind.json().errors.kind).toEqual(['Please select kind']);
    expect(await countOf(w, 'media')).toBe(rows);
    expect(await mediaFiles()).toEqual(files);
  });

  it('is refused to roles without the activity builder, and provider staff must name a domain', async () => {
    const data = await image(20, 20);
    const file = [{ filename: 'a.jpg', type: 'image/jpeg', data }];
    for (const a of ['district', 'school', 'teacher', 'custom'] as const)
      expect((await upload(w.tokens[a], file)).statusCode, a).toBe(403);
    expect((await upload(w.tokens.student, file)).statusCode).toBe(401);
    const noDomain = await upload(w.tokens.super, file);
    expect(noDomain.statusCode).toBe(422);
    expect(noDomain.json().errors).toEqual({ domain_id: ['Please select domain'] });
    const before = await countOf(w, 'media');
    const files = await mediaFiles();
    const other = await upload(w.tokens.domain, file, `?domain_id=${w.domB.id}`);
    expect(other.statusCode).toBe(404);
    expect(await countOf(w, 'media')).toBe(before);
    expect(await mediaFiles()).toEqual(files);
    const ok = await upload(w.tokens.super, file, `?domain_id=${w.domB.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.domain_id).toBe(w.domB.id);
  });
});

describe('GET /media/files/:name', () => {
  it('answers 404 for names that are not ours or do not exist', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'a'.repeat(32) + '-large.jpg', 'whatever.txt'])
      expect((await t.app.inject({ method: 'GET', url: `/media/files/${name}` })).statusCode).toBe(404);
  });
});

describe('POST /dashboard/media/parse', () => {
  const parse = (url: string, token = w.tokens.domain) =>
    call(t.app, 'POST', '/dashboard/media/parse', { token, body: { url } });

  it('looks YouTube and Vimeo URLs up by oEmbed on the configured provider', async () => {
    const yt = await parse('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(yt.statusCode).toBe(200);
    expect(yt.json().data).toEqual({
      type: 'video-yt',
      title: 'Phases of the Moon',
      location: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnail: 'https://img.example.org/yt/thumb.jpg',
    });
    expect(oembedCalls).toContain('/yt https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const vimeo = await parse('https://vimeo.com/76979871');
    expect(vimeo.json().data).toMatchObject({ type: 'video-vimeo', title: 'Plate Tectonics' });
  });

  it("rejects a provider 404 as 'not found' and a 403 as 'not embeddable'", async () => {
    const missing = await parse('https://youtu.be/missingVid1');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'Video not found', errors: { url: ['Video not found'] } });
    const priv = await parse('https://vimeo.com/403403');
    expect(priv.statusCode).toBe(422);
    expect(priv.json().message).toBe('Video not embeddable');
    const broken = await parse('https://youtu.be/brokenVid11');
    expect(broken.json().message).toBe('The video provider could not be reached. Please try again later.');
  });

  it('recognises simulations, PDFs and iframe embed code, and refuses what is not an http(s) URL', async () => {
    expect((await parse('https://phet.colorado.edu/sims/html/gravity/latest/gravity_en.html')).json().data).toEqual({
      type: 'phet',
      title: 'gravity en',
      location: 'https://phet.colorado.edu/sims/html/gravity/latest/gravity_en.html',
      thumbnail: null,
    });
    expect((await parse('https://codap.concord.org/app/')).json().data.type).toBe('codap');
    expect((await parse('<iframe src="https://tool.example.org/embed"></iframe>')).json().data).toMatchObject({
      type: 'iframe',
      location: 'https://tool.example.org/embed',
    });
    for (const bad of ['javascript:alert(1)', 'not a url', '<iframe src="file:///etc/passwd">']) {
      const res = await parse(bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Please enter a valid http or https URL.');
    }
    const empty = await call(t.app, 'POST', '/dashboard/media/parse', { token: w.tokens.domain, body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.url).toEqual(['Please enter URL']);
  });

  it('is for the activity builder only', async () => {
    expect(
      await statusesByActor(t, w, 'POST', '/dashboard/media/parse', { url: 'https://phet.colorado.edu/a' }),
    ).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });
});

describe('POST /dashboard/media', () => {
  const create = (body: object, token = w.tokens.domain) => call(t.app, 'POST', '/dashboard/media', { token, body });

  it('records a hosted video with its HLS, DASH, MP4 and poster sources', async () => {
    const stored = [
      { type: 'hls', src: 'https://cdn.example.org/v/master.m3u8' },
      { type: 'dash', src: 'https://cdn.example.org/v/manifest.mpd' },
      { type: 'mp4', src: 'https://cdn.example.org/v/720.mp4' },
      { type: 'poster', src: 'https://cdn.example.org/v/poster.jpg' },
    ];
    const res = await create({ type: 'video', title: 'Density', stored });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'video', title: 'Density', stored, sensors: [], access: true });
    const row = await w.pool.query('select stored, domain_id from media where id = $1', [res.json().data.id]);
    expect(row.rows[0]).toEqual({ stored, domain_id: w.domA.id });
  });

  it('validates YouTube and Vimeo URLs and looks them up', async () => {
    const ok = await create({ type: 'video-yt', title: 'Moon', location: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.thumbnail).toBe('https://img.example.org/yt/thumb.jpg');
    const notYt = await create({ type: 'video-yt', title: 'x', location: 'https://vimeo.com/76979871' });
    expect(notYt.json()).toEqual({
      message: 'This is not a YouTube video URL.',
      errors: { location: ['This is not a YouTube video URL.'] },
    });
    const gone = await create({ type: 'video-vimeo', title: 'x', location: 'https://vimeo.com/404404' });
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toEqual({ message: 'Video not found', errors: { location: ['Video not found'] } });
  });

  it('checks simulation hosts, iframe URLs and video sources', async () => {
    expect(
      (await create({ type: 'tuva', title: 'Tuva', location: 'https://my.tuvalabs.com/activity/7' })).statusCode,
    ).toBe(200);
    const cases: [object, string][] = [
      [{ type: 'phet', title: 'x', location: 'https://example.org/sim' }, 'This URL is not a PhET simulation.'],
      [{ type: 'codap', title: 'x', location: 'https://codap.evil.test/' }, 'This URL is not a CODAP simulation.'],
      [{ type: 'iframe', title: 'x', location: 'javascript:alert(1)' }, 'Please enter a valid http or https URL.'],
      [
        { type: 'video', title: 'x', stored: [{ type: 'poster', src: 'https://cdn.example.org/p.jpg' }] },
        'Please add an HLS, DASH or MP4 source.',
      ],
      [
        { type: 'video', title: 'x', stored: [{ type: 'mp4', src: 'ftp://cdn.example.org/v.mp4' }] },
        'Please enter a valid http or https URL.',
      ],
    ];
    const before = await countOf(w, 'media');
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, message).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const noTitle = await create({ type: 'iframe', location: 'https://tool.example.org/' });
    expect(noTitle.json().errors).toEqual({ title: ['Please enter title'] });
    expect(await countOf(w, 'media')).toBe(before);
  });

  it('needs the sensors of a Vernier lab, each existing in the domain', async () => {
    const temp = await createSensor(w.db, { name: 'Temperature Probe' });
    const own = await createSensor(w.db, { name: 'Force Sensor', domainId: w.domA.id });
    const foreign = await createSensor(w.db, { name: 'B only', domainId: w.domB.id });
    const lab = { type: 'vernier', title: 'Cooling curve', location: 'https://labs.vernier.com/lab/1' };
    expect((await create(lab)).json()).toEqual({
      message: 'Please select the sensors this lab needs.',
      errors: { sensor_ids: ['Please select the sensors this lab needs.'] },
    });
    expect((await create({ ...lab, sensor_ids: [temp.id, foreign.id] })).json().message).toBe(
      `Sensor ${foreign.id} does not exist.`,
    );
    expect((await create({ ...lab, sensor_ids: [999999] })).statusCode).toBe(422);
    const ok = await create({ ...lab, sensor_ids: [temp.id, own.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.sensors).toEqual([
      { id: temp.id, name: 'Temperature Probe' },
      { id: own.id, name: 'Force Sensor' },
    ]);
    const row = await w.pool.query('select sensor_ids from media where id = $1', [ok.json().data.id]);
    expect(row.rows[0].sensor_ids).toEqual([temp.id, own.id]);
  });

  it('places media in the caller domain; other domains are 404', async () => {
    const body = { type: 'iframe', title: 'Tool', location: 'https://tool.example.org/' };
    const before = await countOf(w, 'media');
    expect((await create({ ...body, domain_id: w.domB.id })).statusCode).toBe(404);
    expect((await create({ ...body, account_id: w.accB1.id })).statusCode).toBe(404);
    expect(await countOf(w, 'media')).toBe(before);
    const inAccount = await create({ ...body, account_id: w.accA2.id });
    expect(inAccount.json().data).toMatchObject({ domain_id: w.domA.id, account_id: w.accA2.id });
    expect(await statusesByActor(t, w, 'POST', '/dashboard/media', { ...body, domain_id: w.domA.id })).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });
});

describe('library: search, get, delete', () => {
  it('lists readable media with paging, type and search filters, never another domain', async () => {
    const a1 = await createMedia(w.db, { domainId: w.domA.id, title: 'Zebra sim', type: 'phet' });
    const a2 = await createMedia(w.db, { domainId: w.domA.id, accountId: w.accA1.id, title: 'Zebra tool' });
    const b = await createMedia(w.db, { domainId: w.domB.id, title: 'Zebra foreign' });
    const res = await call(t.app, 'POST', '/dashboard/media/search', {
      token: w.tokens.domain,
      body: { search: 'zebra', per_page: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(res.json().data.map((m: { id: number }) => m.id)).toEqual([a2.id]);
    const phet = await call(t.app, 'POST', '/dashboard/media/search', {
      token: w.tokens.domain,
      body: { search: 'zebra', type: 'phet' },
    });
    expect(phet.json().data.map((m: { id: number }) => m.id)).toEqual([a1.id]);
    const all = await call(t.app, 'POST', '/dashboard/media/search', {
      token: w.tokens.super,
      body: { search: 'zebra' },
    });
    expect(all.json().meta.total).toBe(3);
    expect(all.json().data.map((m: { id: number }) => m.id)).toContain(b.id);
    const bad = await call(t.app, 'POST', '/dashboard/media/search', { token: w.tokens.domain, body: { type: 'gif' } });
    expect(bad.statusCode).toBe(422);
    expect(await statusesByActor(t, w, 'POST', '/dashboard/media/search')).toEqual({
      super: 200,
      domain: 200,
      district: 403,
      school: 403,
      teacher: 403,
      custom: 403,
      student: 401,
    });
  });

  it('gets and deletes own-domain media; another domain is 404 and unchanged', async () => {
    const own = await createMedia(w.db, { domainId: w.domA.id, title: 'Mine' });
    const foreign = await createMedia(w.db, { domainId: w.domB.id, title: 'Theirs' });
    const got = await call(t.app, 'GET', `/dashboard/media/${own.id}`, { token: w.tokens.domain });
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ id: own.id, title: 'Mine', type: 'iframe', access: true });
    expect((await call(t.app, 'GET', `/dashboard/media/${foreign.id}`, { token: w.tokens.domain })).statusCode).toBe(
      404,
    );
    const del = await call(t.app, 'DELETE', `/dashboard/media/${foreign.id}`, { token: w.tokens.domain });
    expect(del.statusCode).toBe(404);
    expect(await countOf(w, 'media', `id = ${foreign.id} and deleted_at is null`)).toBe(1);
    expect((await call(t.app, 'DELETE', `/dashboard/media/${own.id}`, { token: w.tokens.teacher })).statusCode).toBe(
      403,
    );
    const ok = await call(t.app, 'DELETE', `/dashboard/media/${own.id}`, { token: w.tokens.domain });
    expect(ok.statusCode).toBe(200);
    expect(await countOf(w, 'media', `id = ${own.id} and deleted_at is not null`)).toBe(1);
    expect((await call(t.app, 'GET', `/dashboard/media/${own.id}`, { token: w.tokens.domain })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/dashboard/media/abc', { token: w.tokens.domain })).statusCode).toBe(422);
  });
});
