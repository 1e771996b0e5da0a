import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_CODES, pickServerLanguage } from '@aula/domain/languages';
import { translate } from '@aula/i18n/translate';
import type { Config } from '../config';

// A browser that follows a link to an API address that does not exist (an old bookmark, a sign-in button of a
// provider that is not set up) gets the apps' page-not-found text with a way home, not the JSON 404 the apps'
// own calls read (issue 14, item 10). Only navigations ask for HTML: fetch and API clients send */* or JSON.

/** True when the request is a page load in a browser: GET or HEAD whose Accept puts HTML before JSON. */
export function wantsHtml(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const accept = (req.headers.accept ?? '').toLowerCase();
  const html = accept.indexOf('text/html');
  if (html < 0) return false;
  const json = accept.indexOf('application/json');
  return json < 0 || html < json;
}

/** The app a user came from: the student app for its calls, its sign-in buttons (scope=student) or its pages. */
function homeOf(req: FastifyRequest, config: Config): { app: 'dashboard' | 'student'; url: string } {
  const student = { app: 'student' as const, url: config.PUBLIC_STUDENT_URL };
  const query = req.query as Record<string, unknown> | undefined;
  if (req.url.startsWith('/student/') || query?.scope === 'student') return student;
  const referer = req.headers.referer;
  if (referer) {
    try {
      if (new URL(referer).origin === new URL(config.PUBLIC_STUDENT_URL).origin) return student;
    } catch {
      // not a URL: the dashboard
    }
  }
  return { app: 'dashboard', url: config.PUBLIC_DASHBOARD_URL };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 001 section 2's page not found ('Oops, page not found!', 'The page you requested could not be found.', go home). */
export function notFoundHtml(req: FastifyRequest, config: Config): string {
  const { app, url } = homeOf(req, config);
  // a page, not a call: in any interface language the browser asks for (calls are answered in en or es)
  const lang = pickServerLanguage(req.headers['accept-language'], LANGUAGE_CODES);
  const t = (key: string) => escapeHtml(translate(lang, key));
  const title = t(`${app}.pages.notFoundTitle`);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:rgba(0,0,0,.88);background:#fff}
main{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;box-sizing:border-box;text-align:center}
h1{font-size:24px;margin:0}
p{margin:0;color:#595959}
a{display:inline-block;padding:8px 16px;border-radius:6px;background:#0958d9;color:#fff;text-decoration:none}
a:focus-visible{outline:3px solid #002c8c;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${t('errors.notFound')}</p>
<a href="${escapeHtml(new URL('/', url).toString())}">${t(`${app}.pages.goHome`)}</a>
</main>
</body>
</html>
`;
}

/** Sends the not-found page with status 404. */
export function sendNotFoundHtml(req: FastifyRequest, reply: FastifyReply, config: Config) {
  return reply.status(404).type('text/html; charset=utf-8').send(notFoundHtml(req, config));
}
