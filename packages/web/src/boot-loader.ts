// The inline script at the end of the built index.html (decision 0005; docs/performance-front-end.md). It reads the
// boot data (`<script type="application/json" id="aula-boot">`, written by vite-config.ts) and:
// - with a session stored under `token` (lib/token-storage.ts) on an address one of `routes` matches, starts that
//   page's first API calls at once (`calls`, GET paths; `$1`... are the address's groups), with the headers the
//   app's API client sends (lib/api.ts), and keeps them in `window.__AULA_EARLY__` for lib/early-calls.ts;
// - for a page with a `head` (page-head-shell.ts), draws the page's head from that call's answer (a copy of it: the
//   API client reads the answer itself) if the app has not rendered yet: the markup and texts come from the boot
//   data, the title and subtitle go in as text; the colours are those the sign-in shell set on the loading text;
// - after the next frame (the timer also starts a page opened in a background tab, where frames wait; on a page with
//   a head, after the frame that paints the head, at the latest `headWait` ms after the start, so the head's call
//   does not share a slow link with the scripts), adds the entry script, then the other scripts as modulepreloads,
//   a few per task, since each costs the main thread a little: the sign-in page's chunks when the static sign-in
//   page shows, the matched page's chunks, the entry's static imports.
// It is written as plain ES5 by hand (it runs before any bundle), and is one fixed text: the CSP gives it the
// page's nonce.
const LOADER = `(function(){
var d=document,b=JSON.parse(d.getElementById('aula-boot').textContent),t=null,page=[],started=false,wait=false;
try{t=localStorage.getItem(b.token)||sessionStorage.getItem(b.token)}catch(e){}
function early(calls,m,head){
var c=window.__AULA_CONFIG__,l='en',e={},rs=[];
if(!calls.length||!c||typeof c.apiUrl!=='string'||!window.fetch)return;
try{l=localStorage.getItem(b.language)||'en'}catch(x){}
if(b.languages.indexOf(l)<0)l='en';
window.__AULA_EARLY__=e;
calls.forEach(function(p){
var u=c.apiUrl.replace(/\\/+$/,'')+p.replace(/\\$(\\d)/g,function(_,n){return encodeURIComponent(m[n]||'')});
var h={'Authorization':'Bearer '+t,'Accept':'application/json','Accept-Language':l};
var r=fetch(u,{headers:h});r.catch(function(){});rs.push(r);
e[u]={at:Date.now(),headers:h,response:r}});
if(!head||!rs[head.call])return;wait=true;
rs[head.call].then(function(r){return r.ok?r.clone().json():null}).then(function(j){draw(head,j,l)}).catch(function(){}).then(go)}
function draw(h,j,l){
var el=d.getElementById('aula-shell-loading'),s=h.texts[l]||h.texts.en,o,k,i,f;
function at(p){var v=j;for(var n=0;n<p.length;n++)v=v==null?v:v[p[n]];return v}
if(!el||!el.isConnected||d.getElementById('aula-page-head')||typeof at(h.title)!=='string')return;
if(h.unless&&at(h.unless[0])===h.unless[1])return;
s={brand:s.brand,back:s.back,loading:s.loading,title:at(h.title),subtitle:String(at(h.subtitle)||'')};
o=d.createElement('div');o.id='aula-page-head';o.className='aula-head';o.style.cssText=el.style.cssText;o.hidden=false;
o.setAttribute('aria-hidden','true');o.setAttribute('inert','');o.innerHTML=h.html;f=o.querySelectorAll('[data-t]');
for(i=0;i<f.length;i++){k=f[i].getAttribute('data-t');f[i].textContent=s[k]||''}
d.body.appendChild(o)}
if(t)for(var i=0;i<b.routes.length;i++){var m=new RegExp(b.routes[i][0]).exec(location.pathname);
if(m){page=b.routes[i][1];early(b.routes[i][2]||[],m,b.routes[i][3]);break}}
function start(){if(started)return;started=true;
var shell=d.getElementById('aula-shell'),s=d.createElement('script');
s.type='module';s.crossOrigin='';s.src=b.entry;d.head.appendChild(s);
var urls=(shell&&!shell.hidden?b.signIn:[]).concat(page,b.preloads);
(function batch(){urls.splice(0,4).forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.head.appendChild(l)});if(urls.length)setTimeout(batch,0)})()}
function go(){requestAnimationFrame(function(){setTimeout(start,0)})}
if(wait)setTimeout(start,b.headWait);else{go();setTimeout(start,250)}})();`;

/** The loader's text, on one line. */
export function bootLoaderScript(): string {
  return LOADER.replace(/\n/g, '');
}
