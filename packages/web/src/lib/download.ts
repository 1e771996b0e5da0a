// 001 section 9 / issue 3: files from the API are saved under the name the server gives in Content-Disposition,
// else a name the caller chose, else 'file'; the object URL is released 200 ms after the click.

export const DEFAULT_DOWNLOAD_NAME = 'file';
export const OBJECT_URL_RELEASE_MS = 200;

function decodeExtValue(value: string): string | null {
  // RFC 5987: charset'language'percent-encoded
  const m = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value.trim());
  if (!m) return null;
  const [, charset = '', encoded = ''] = m;
  try {
    if (charset.toLowerCase() === 'utf-8' || charset === '') return decodeURIComponent(encoded);
    // ISO-8859-1: each %XX is one code point
    return encoded.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** A saved file name must not name a folder. */
function safeName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

/** The file name of a Content-Disposition header: filename* (RFC 5987) wins over filename; null when neither. */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let plain: string | null = null;
  let extended: string | null = null;
  // parameters are ';'-separated; a quoted value may itself hold ';'
  const params = header.match(/;\s*[^=;\s]+\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g) ?? [];
  for (const param of params) {
    const eq = param.indexOf('=');
    const key = param.slice(1, eq).trim().toLowerCase();
    const value = param.slice(eq + 1);
    if (key === 'filename*') extended = decodeExtValue(unquote(value)) ?? extended;
    else if (key === 'filename') plain = unquote(value);
  }
  return safeName(extended) ?? safeName(plain);
}

/** The name to save a response under. */
export function downloadName(contentDisposition: string | null | undefined, customName?: string): string {
  return filenameFromContentDisposition(contentDisposition) ?? safeName(customName) ?? DEFAULT_DOWNLOAD_NAME;
}

/** Browser pieces the helper uses, replaceable in tests. */
export interface DownloadEnv {
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  click(url: string, name: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
}

const browserEnv = (): DownloadEnv => ({
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  click: (url, name) => {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  },
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
});

/** Saves a blob under a name; the object URL is released 200 ms later (the click has started the download). */
export function saveBlob(blob: Blob, name: string, env: DownloadEnv = browserEnv()): string {
  const url = env.createObjectURL(blob);
  env.click(url, name);
  env.setTimeout(() => env.revokeObjectURL(url), OBJECT_URL_RELEASE_MS);
  return name;
}

/** Saves a file response; returns the name used. */
export async function saveResponse(response: Response, customName?: string, env?: DownloadEnv): Promise<string> {
  const name = downloadName(response.headers.get('content-disposition'), customName);
  return saveBlob(await response.blob(), name, env);
}

/** Fetches a file with the bearer token and saves it. Rejects with the HTTP status on failure. */
export async function downloadFile(
  url: string,
  opts: { token: string | null; language?: string; customName?: string },
): Promise<string> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.language) headers['Accept-Language'] = opts.language;
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  return saveResponse(response, opts.customName);
}
