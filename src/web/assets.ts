import { createHash } from 'node:crypto';

/**
 * The site's only stylesheet and script, served from our own origin under content-hashed paths (so the
 * Content-Security-Policy needs no 'unsafe-inline' and browsers may keep them forever).
 */
const CSS = `
:root { --ink: #14161a; --muted: #4d5562; --line: #d5d9e0; --bg: #fafbfc; --card: #fff; --accent: #1d4ed8; --good: #15803d; --warn: #b45309; --bad: #b91c1c; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem 1rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip:focus { left: 1rem; z-index: 10; }
header.site { background: #0f172a; color: #fff; }
header.site .bar { max-width: 72rem; margin: 0 auto; padding: .75rem 1rem; display: flex; gap: 1.5rem; align-items: center; flex-wrap: wrap; }
header.site a { color: #fff; text-decoration: none; }
header.site a:hover { text-decoration: underline; }
header.site .brand { font-weight: 700; font-size: 1.2rem; }
header.site nav ul { list-style: none; display: flex; gap: 1rem; margin: 0; padding: 0; flex-wrap: wrap; }
header.site search { margin-left: auto; }
header.site search form { display: flex; gap: .25rem; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
footer.site { border-top: 1px solid var(--line); color: var(--muted); font-size: .9rem; }
footer.site .bar { max-width: 72rem; margin: 0 auto; padding: 1rem; display: flex; gap: 1rem; flex-wrap: wrap; }
footer.site a { color: var(--muted); }
h1 { font-size: 1.8rem; margin: .25rem 0 1rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 .75rem; }
.muted { color: var(--muted); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: 1rem 1.25rem; margin: 0 0 1rem; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
table { border-collapse: collapse; width: 100%; background: var(--card); }
th, td { text-align: left; padding: .5rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
input, select, button, textarea { font: inherit; }
input[type=text], input[type=email], input[type=search], input[type=password], input[type=number], select { padding: .45rem .6rem; border: 1px solid #8a93a3; border-radius: .35rem; min-width: 14rem; background: #fff; color: var(--ink); }
button, .button { display: inline-block; padding: .45rem .9rem; border-radius: .35rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: var(--bad); border-color: var(--bad); }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
.field-help { color: var(--muted); font-size: .9rem; margin: .2rem 0 0; }
.error { color: var(--bad); font-weight: 600; }
.notice { border-left: 4px solid var(--accent); background: #eef2ff; padding: .75rem 1rem; margin: 0 0 1rem; }
.notice.bad { border-color: var(--bad); background: #fef2f2; }
.notice.good { border-color: var(--good); background: #f0fdf4; }
.score { font-size: 2.5rem; font-weight: 700; }
.secret { font-family: ui-monospace, monospace; font-size: 1.05rem; padding: .5rem .75rem; background: #f1f5f9; border: 1px dashed #64748b; word-break: break-all; }
code, pre { font-family: ui-monospace, SFMono-Regular, monospace; font-size: .92em; }
pre { background: #f1f5f9; padding: .75rem; overflow-x: auto; border-radius: .35rem; }
.bars svg, .chart svg { max-width: 100%; height: auto; }
.inline { display: inline; }
ul.plain { list-style: none; padding: 0; }
.pill { display: inline-block; padding: 0 .5rem; border-radius: 1rem; background: #e2e8f0; font-size: .85rem; }
`;

/** Progressive enhancement only: every page works without it. Copy buttons and confirmation of revocations. */
const JS = `
document.addEventListener('click', function (e) {
  var button = e.target.closest && e.target.closest('[data-copy]');
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent.trim()).then(function () {
    var status = document.getElementById(button.getAttribute('data-copy') + '-status');
    if (status) status.textContent = 'Copied to the clipboard.';
  });
});
document.addEventListener('submit', function (e) {
  var message = e.target.getAttribute && e.target.getAttribute('data-confirm');
  if (message && !window.confirm(message)) e.preventDefault();
});
`;

export interface Asset {
  path: string;
  type: string;
  body: string;
  etag: string;
}

function asset(name: string, ext: string, type: string, body: string): Asset {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  return { path: `/assets/${name}.${hash}.${ext}`, type, body, etag: `"${hash}"` };
}

export const ASSETS = {
  css: asset('site', 'css', 'text/css; charset=utf-8', CSS),
  js: asset('app', 'js', 'text/javascript; charset=utf-8', JS),
};
