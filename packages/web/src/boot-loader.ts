// The inline script at the end of the built index.html (decision 0005; docs/performance-front-end.md). It reads the
// boot data (`<script type="application/json" id="aula-boot">`, written by vite-config.ts) and:
// - with a session stored under `token` (lib/token-storage.ts) on an address one of `routes` matches, starts that
//   page's first API calls at once (`calls`, GET paths; `$1`... are the address's groups), with the headers the
//   app's API client sends (lib/api.ts), and keeps them in `window.__AULA_EARLY__` for lib/early-calls.ts;
// - after the next frame (the timer also starts a page opened in a background tab, where frames wait), adds the
//   entry script, then the other scripts as modulepreloads, a few per task, since each costs the main thread a
//   little: the sign-in page's chunks when the static sign-in page shows, the matched page's chunks, the entry's
//   static imports.
// It is written as plain ES5 by hand (it runs before any bundle), and is one fixed text: the CSP gives it the
// page's nonce.
const LOADER = `(function(){
var d=document,b=JSON.parse(d.getElementById('aula-boot').textContent),t=null,page=[],started=false;
try{t=localStorage.getItem(b.token)||sessionStorage.getItem(b.token)}catch(e){}
function early(calls,m){
var c=window.__AULA_CONFIG__,l='en',e={};
if(!calls.length||!c||typeof c.apiUrl!=='string'||!window.fetch)return;
try{l=localStorage.getItem(b.language)||'en'}catch(x){}
if(b.languages.indexOf(l)<0)l='en';
window.__AULA_EARLY__=e;
calls.forEach(function(p){
var u=c.apiUrl.replace(/\\/+$/,'')+p.replace(/\\$(\\d)/g,function(_,n){return encodeURIComponent(m[n]||'')});
var h={'Authorization':'Bearer '+t,'Accept':'application/json','Accept-Language':l};
var r=fetch(u,{headers:h});r.catch(function(){});
e[u]={at:Date.now(),headers:h,response:r}})}
if(t)for(var i=0;i<b.routes.length;i++){var m=new RegExp(b.routes[i][0]).exec(location.pathname);
if(m){page=b.routes[i][1];early(b.routes[i][2]||[],m);break}}
function start(){if(started)return;started=true;
var shell=d.getElementById('aula-shell'),s=d.createElement('script');
s.type='module';s.crossOrigin='';s.src=b.entry;d.head.appendChild(s);
var urls=(shell&&!shell.hidden?b.signIn:[]).concat(page,b.preloads);
(function batch(){urls.splice(0,4).forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.head.appendChild(l)});if(urls.length)setTimeout(batch,0)})()}
requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,250)})();`;

/** The loader's text, on one line. */
export function bootLoaderScript(): string {
  return LOADER.replace(/\n/g, '');
}
