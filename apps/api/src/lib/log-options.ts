// What the API writes to its log never holds a credential: bearer tokens and cookies in headers, passwords and
// tokens in bodies (when code logs one), and reset tokens in a request's URL path or query string.

const SECRET_FIELDS = ['password', 'current_password', 'password_confirmation', 'token', 'authorization', 'cookie'];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

const REDACTED = '[redacted]';
const SECRET_QUERY = /^(token|password|code|secret|access_token|id_token)$/i;

/** Any text with the reset link's token path segment replaced. */
export function redactResetLinks(text: string): string {
  return text.replace(/(\/reset-password\/)[^/?#\s]+/g, `$1${REDACTED}`);
}

/** The request's URL as logged: the reset link's token and secret query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = redactResetLinks(q === -1 ? url : url.slice(0, q));
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY.test(key)) params.set(key, REDACTED);
  return `${path}?${params.toString()}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host: string;
  ip: string;
  socket?: { remotePort?: number | undefined } | undefined;
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
