/** Escapes text for HTML, attribute values included. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/**
 * A page that renders without the app, its scripts or the database: the unsubscribe pages and the error page a
 * browser gets when the server fails. `body` and `style` are HTML and CSS; the title is escaped here.
 */
export function plainPage(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - Artigiani Milano</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.6;color:#334155}
button{font:inherit;font-weight:600;color:#fff;background:#dc2626;border:0;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#b91c1c}
@media (max-width:40rem){main{margin:1rem;padding:1.25rem}}
${style}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">Torna alla home page</a></p>
</main>
</body>
</html>`
}
