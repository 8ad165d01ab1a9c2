import { createHash } from 'node:crypto';

/*
 * The few pages the server renders itself rather than the dashboard (docs/dashboard.md): the
 * sign-in confirmation and the public share page. They load nothing, not even a stylesheet, so
 * their look is one small inline style that the Content-Security-Policy allows by its hash alone.
 */

const STYLE = `
:root { color-scheme: light dark; --bg: #f5f6f8; --card: #fff; --text: #14161a; --muted: #525866;
  --line: #dde1e7; --accent: #2251d1; --bad: #b42318; --bad-bg: #fde7e7; --warn: #8a4b00;
  --warn-bg: #fff1db; --good: #146c3a; --good-bg: #e0f5e8; }
@media (prefers-color-scheme: dark) { :root { --bg: #111317; --card: #1a1d23; --text: #eceef2;
  --muted: #a4abb8; --line: #2e333c; --accent: #8fb0ff; --bad: #ffb4ab; --bad-bg: #4a1a17;
  --warn: #ffcf8a; --warn-bg: #3f2a0c; --good: #8ee0ad; --good-bg: #113823; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.5;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
main { max-width: 44rem; margin: 2rem auto; padding: 1.5rem; background: var(--card);
  border: 1px solid var(--line); border-radius: 12px; }
@media (max-width: 40rem) { main { margin: 0; border-radius: 0; border-width: 0 0 1px; } }
h1 { font-size: 1.5rem; margin: 0 0 .75rem; } h2 { font-size: 1.05rem; margin: 1.5rem 0 .4rem; }
p, li, dd { overflow-wrap: anywhere; } .muted { color: var(--muted); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dt { color: var(--muted); } dd { margin: 0; } ul { margin: 0; padding-left: 1.25rem; }
.badge { display: inline-block; padding: .1rem .6rem; border-radius: 999px; font-weight: 700; font-size: .95rem; }
.cheating { color: var(--bad); background: var(--bad-bg); }
.suspicious { color: var(--warn); background: var(--warn-bg); }
.legit { color: var(--good); background: var(--good-bg); }
button { font: inherit; font-weight: 700; color: #fff; background: var(--accent); border: 0;
  border-radius: 8px; padding: .6rem 1.4rem; cursor: pointer; }
@media (prefers-color-scheme: dark) { button { color: #0b1020; } }
button:focus-visible { outline: 3px solid var(--text); outline-offset: 2px; }
a { color: var(--accent); } a.button { display: inline-block; font-weight: 700; text-decoration: none;
  border: 1px solid var(--accent); border-radius: 8px; padding: .5rem 1.2rem; }
footer { margin-top: 1.5rem; font-size: .9rem; color: var(--muted); }
`;

/** What the Content-Security-Policy needs to let the inline style, and nothing else, apply. */
export const SERVER_PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A whole page; `title` is escaped here, `body` must already be safe HTML. */
export function serverPage(input: { title: string; robots: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${input.robots}">
<title>${escapeHtml(input.title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${input.body}</main></body>
</html>`;
}
