import { describe, expect, it, vi } from 'vitest';
import { downloadName, filenameFromContentDisposition, saveResponse, type DownloadEnv } from './download';

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="report.csv"', 'report.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ['attachment; filename="a \\"quoted\\" name.txt"', 'a "quoted" name.txt'],
    ['attachment; filename="semi;colon.csv"', 'semi;colon.csv'],
    // RFC 5987: the extended name wins, wherever it stands
    ['attachment; filename="Informe_.csv"; filename*=UTF-8\'\'Informe%20a%C3%B1o.csv', 'Informe año.csv'],
    ['attachment; filename*=UTF-8\'\'%D0%B7%D0%B2%D1%96%D1%82.pdf; filename="fallback.pdf"', 'звіт.pdf'],
    ["attachment; FILENAME*=utf-8'en'plain.txt", 'plain.txt'],
    ["attachment; filename*=iso-8859-1''caf%E9.txt", 'café.txt'],
    // a broken extended value falls back to the plain one
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.txt; filename="ok.txt"', 'ok.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    ['inline; filename=""', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (header, name) => {
    expect(filenameFromContentDisposition(header)).toBe(name);
  });
});

describe('downloadName', () => {
  it('prefers the server’s name, then the custom name, then "file"', () => {
    expect(downloadName('attachment; filename="server.csv"', 'mine.csv')).toBe('server.csv');
    expect(downloadName(null, 'mine.csv')).toBe('mine.csv');
    expect(downloadName('attachment', undefined)).toBe('file');
    expect(downloadName(null, '')).toBe('file');
  });
});

describe('saveResponse', () => {
  function fakeEnv() {
    const timers: { fn: () => void; ms: number }[] = [];
    const env: DownloadEnv & { clicks: [string, string][]; revoked: string[] } = {
      clicks: [],
      revoked: [],
      createObjectURL: vi.fn(() => 'blob:1'),
      revokeObjectURL: (url) => env.revoked.push(url),
      click: (url, name) => env.clicks.push([url, name]),
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
    };
    return { env, timers };
  }

  it('saves the body under the header’s name and releases the object URL after 200 ms', async () => {
    const { env, timers } = fakeEnv();
    const response = new Response('a,b\n1,2\n', {
      headers: { 'content-disposition': "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv" },
    });
    const name = await saveResponse(response, 'custom.csv', env);
    expect(name).toBe('résumé.csv');
    expect(env.clicks).toEqual([['blob:1', 'résumé.csv']]);
    const blob = vi.mocked(env.createObjectURL).mock.calls[0]![0];
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect(env.revoked).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([200]);
    timers[0]!.fn();
    expect(env.revoked).toEqual(['blob:1']);
  });

  it('uses the custom name, else "file", when the response names nothing', async () => {
    const { env } = fakeEnv();
    expect(await saveResponse(new Response('x'), 'data.json', env)).toBe('data.json');
    expect(await saveResponse(new Response('x'), undefined, env)).toBe('file');
  });
});
