// The sign-in page as static HTML and CSS, written into index.html at build time (vite-config.ts), so the first
// paint does not wait for the scripts: on a slow phone the page shows at once and the form becomes usable when the
// app has loaded and replaced it. It copies the layout of AuthLayout, SignInForm and SupportContact (same sizes, so
// nothing moves when React takes over; SignInExtras' single sign-on buttons are left out: most districts have none,
// and a district that turned one on sees them appear below the form once the API says so) and takes every text from the catalogues and every colour
// from the themes, so there is still one place for each. It is inert and hidden from assistive technology;
// screen readers hear "Loading…" until the real form arrives. Only for /sign-in (and / without a stored session,
// which leads there); any other address shows the loading text, as PageLoader does.
import { THEMES, type ThemeName } from '@aula/domain/themes';
import type { LanguageCode } from '@aula/domain/languages';
import type { Catalog } from '@aula/i18n/locales/en';
import type { AppName } from './app-name';
import { themes } from './app/theme';

type Strings = Record<string, string>;

/** The texts the shell shows, in one language. */
function shellStrings(app: AppName, catalog: Catalog, code: LanguageCode): Strings {
  const texts = catalog[app];
  return {
    appName: texts.appName,
    tagline: texts.tagline,
    title: texts.signIn.title,
    subtitle: texts.signIn.subtitle,
    login: app === 'dashboard' ? catalog.dashboard.signIn.email : catalog.student.signIn.login,
    password: texts.signIn.password,
    rememberMe: texts.signIn.rememberMe,
    forgotPassword: texts.signIn.forgotPassword,
    submit: texts.signIn.submit,
    help: catalog.common.support.help,
    phone: catalog.common.support.phone,
    contact: catalog.common.support.contact,
    helpCenter: catalog.common.support.helpCenter,
    language: catalog.common.language[code],
    loading: texts.pages.loading,
  };
}

function themeColours(name: ThemeName) {
  const token = themes[name].token ?? {};
  return {
    primary: String(token.colorPrimary),
    active: String(token.colorPrimaryActive),
    link: String(token.colorLink),
    phone: THEMES[name].support.phone,
  };
}

const CSS = `
.aula-shell{min-height:100vh;display:flex;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif,'Apple Color Emoji';font-size:14px;line-height:1.5714285714285714;color:rgba(0,0,0,.88);background:#fff}
.aula-shell[hidden],.aula-shell-loading[hidden]{display:none}
.aula-shell-brand{display:none;flex:0 0 41.66666667%;max-width:41.66666667%;background:linear-gradient(160deg,var(--aula-active) 0%,var(--aula-primary) 100%)}
.aula-shell-brand>div{display:flex;flex-direction:column;justify-content:center;height:100%;padding:48px;color:#fff}
.aula-shell-brand p:first-child{font-size:40px;font-weight:700;margin:0}
.aula-shell-brand p:last-child{font-size:18px;max-width:420px;line-height:1.5}
.aula-shell-side{flex:1 1 100%;max-width:100%;position:relative}
@media (min-width:768px){.aula-shell-brand{display:block}.aula-shell-side{flex:0 0 58.33333333%;max-width:58.33333333%}}
@media (min-width:992px){.aula-shell-brand{flex:0 0 50%;max-width:50%}.aula-shell-side{flex:0 0 50%;max-width:50%}}
.aula-shell-lang{position:absolute;top:16px;inset-inline-end:16px;height:32px;padding:4px 15px;display:flex;align-items:center;justify-content:center;gap:8px$MIN_WIDTH}
.aula-shell-lang::before{content:'';width:14px;height:14px;border:1.5px solid currentColor;border-radius:50%}
.aula-shell-main{display:flex;align-items:center;justify-content:center;min-height:100vh;padding:24px}
.aula-shell-main>div{width:100%;max-width:400px}
.aula-shell-stack{display:flex;flex-direction:column;gap:24px}
.aula-shell h1{font-size:38px;line-height:1.2105263157894737;font-weight:600;margin:.67em 0 8px;color:rgba(0,0,0,.88)}
.aula-shell-muted{color:rgba(0,0,0,.65)}
.aula-shell-label{padding-bottom:8px;line-height:22px}
.aula-shell-input{height:40px;border:1px solid #d9d9d9;border-radius:10px;margin-bottom:24px;background:#fff}
.aula-shell-row{display:flex;justify-content:space-between;align-items:center;margin-bottom:24px}
.aula-shell-check{display:flex;align-items:center;gap:8px}
.aula-shell-check::before{content:'';width:16px;height:16px;border:1px solid #858585;border-radius:4px}
.aula-shell-link{color:var(--aula-link)}
.aula-shell-submit{height:40px;border-radius:10px;background:var(--aula-primary);color:#fff;font-size:16px;display:flex;align-items:center;justify-content:center}
.aula-shell-support{display:flex;flex-direction:column;gap:4px;margin-top:32px}
.aula-shell-support>div{display:flex;gap:16px;flex-wrap:wrap}
.aula-shell-loading{display:flex;align-items:center;justify-content:center;min-height:60vh;color:rgba(0,0,0,.65)}
.aula-shell-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

function markup(): string {
  const t = (key: string) => `<span data-t="${key}"></span>`;
  return `<div class="aula-shell" id="aula-shell" hidden>
  <div class="aula-shell-brand" aria-hidden="true"><div><p>${t('appName')}</p><p>${t('tagline')}</p></div></div>
  <div class="aula-shell-side" aria-hidden="true" inert>
    <div class="aula-shell-lang">${t('language')}</div>
    <div class="aula-shell-main"><div>
      <div class="aula-shell-stack">
        <div><h1>${t('title')}</h1><span class="aula-shell-muted">${t('subtitle')}</span></div>
        <div>
          <div class="aula-shell-label">${t('login')}</div><div class="aula-shell-input"></div>
          <div class="aula-shell-label">${t('password')}</div><div class="aula-shell-input"></div>
          <div class="aula-shell-row"><span class="aula-shell-check">${t('rememberMe')}</span><span class="aula-shell-link">${t('forgotPassword')}</span></div>
          <div class="aula-shell-submit">${t('submit')}</div>
        </div>
      </div>
      <div class="aula-shell-support">
        <span class="aula-shell-muted">${t('help')}</span><span class="aula-shell-link">${t('phone')}</span>
        <div><span class="aula-shell-link">${t('contact')}</span><span class="aula-shell-link">${t('helpCenter')}</span></div>
      </div>
    </div></div>
  </div>
</div>
<div class="aula-shell-loading" id="aula-shell-loading" role="status" hidden>${t('loading')}</div>`;
}

/**
 * Picks the language stored on this device (the key lib/i18n.ts uses) and the theme the server put in the inline
 * configuration, fills in the texts, and shows the sign-in shell or the loading text. Runs before the first paint.
 */
function script(app: AppName, strings: Record<LanguageCode, Strings>, colours: Record<ThemeName, object>): string {
  return `(function(){try{
var S=${JSON.stringify(strings)},C=${JSON.stringify(colours)},app=${JSON.stringify(app)},lng='en',token=null;
try{var l=localStorage.getItem('aula.'+app+'.language');if(l&&S[l])lng=l;token=localStorage.getItem('aula.'+app+'.token')||sessionStorage.getItem('aula.'+app+'.token')}catch(e){}
var cfg=window.__AULA_CONFIG__||{},c=C[cfg.theme]||C['default'],s=S[lng],d=document;
d.documentElement.lang=lng;
var path=location.pathname.replace(/\\/+$/,'')||'/',signIn=!token&&(path==='/sign-in'||path==='/');
var el=d.getElementById(signIn?'aula-shell':'aula-shell-loading');
el.style.setProperty('--aula-primary',c.primary);el.style.setProperty('--aula-active',c.active);el.style.setProperty('--aula-link',c.link);
var spans=el.querySelectorAll('[data-t]');for(var i=0;i<spans.length;i++){var k=spans[i].getAttribute('data-t');spans[i].textContent=(s[k]||'').replace('{{phone}}',c.phone)}
if(signIn){var sr=d.createElement('span');sr.className='aula-shell-sr';sr.setAttribute('role','status');sr.textContent=s.loading;el.appendChild(sr)}
el.hidden=false;
}catch(e){}})();`;
}

/** The <style> for the head and the markup and script for #root, for one app. */
export function signInShell(
  app: AppName,
  catalogues: Record<LanguageCode, Catalog>,
  options: { buttonMinWidth?: number } = {},
): { head: string; root: string } {
  const strings = Object.fromEntries(
    Object.entries(catalogues).map(([code, catalog]) => [code, shellStrings(app, catalog, code as LanguageCode)]),
  ) as Record<LanguageCode, Strings>;
  const colours = Object.fromEntries(
    (Object.keys(THEMES) as ThemeName[]).map((name) => [name, themeColours(name)]),
  ) as Record<ThemeName, object>;
  const css = CSS.replaceAll('$MIN_WIDTH', options.buttonMinWidth ? `;min-width:${options.buttonMinWidth}px` : '')
    .trim()
    .replace(/\n/g, '');
  return {
    head: `<style>${css}</style>`,
    root: `${markup()}<script>${script(app, strings, colours)}</script>`,
  };
}
