/** Text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Marks a fragment as already escaped HTML. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A template tag: interpolated strings are escaped, Html fragments and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: Array<string | number | Html | Html[] | null | undefined>): Html {
  let out = strings[0];
  values.forEach((value, i) => {
    if (Array.isArray(value)) out += value.map(String).join('');
    else if (value instanceof Html) out += value.value;
    else if (value !== null && value !== undefined) out += escapeHtml(String(value));
    out += strings[i + 1];
  });
  return new Html(out);
}

/** Hidden fields carrying values through a form. */
export function hiddenFields(fields: Record<string, string | null | undefined>): Html[] {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef0f5;color:#1f232b;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif}
main{width:100%;max-width:26rem;margin:1.5rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 4px 18px rgba(20,24,40,.12)}
.brand{margin:0 0 1.25rem;font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:#6b7185}
h1{margin:0 0 .5rem;font-size:1.35rem;line-height:1.3}
p{margin:.5rem 0 1rem}
.muted{color:#6b7185;font-size:.9rem}
label{display:block;margin:.9rem 0 .3rem;font-weight:600;font-size:.9rem}
input[type=email],input[type=password]{width:100%;padding:.6rem .7rem;border:1px solid #c5c9d6;border-radius:8px;font:inherit}
input:focus{outline:2px solid #595aff;outline-offset:1px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;padding:.65rem 1rem;border-radius:8px;border:1px solid #595aff;font:inherit;font-weight:600;cursor:pointer}
button.primary{background:#595aff;color:#fff}
button.secondary{background:#fff;color:#595aff}
.error{padding:.6rem .8rem;border-radius:8px;background:#fdecec;color:#9b1c1c;font-size:.9rem}
ul.scopes{list-style:none;margin:.75rem 0;padding:0;border:1px solid #e1e4ec;border-radius:8px}
ul.scopes li{padding:.55rem .8rem;border-top:1px solid #e1e4ec}
ul.scopes li:first-child{border-top:0}
ul.scopes code{display:block;font-size:.8rem;color:#6b7185}
.account{display:flex;align-items:center;gap:.6rem;margin:1rem 0;padding:.6rem .8rem;background:#f5f6fa;border-radius:8px}
.avatar{display:flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:8px;background:#595aff;color:#fff;font-weight:700}
textarea.code{display:block;width:100%;padding:.6rem .7rem;border:1px solid #c5c9d6;border-radius:8px;resize:none;word-break:break-all;
font:600 .95rem/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;text-align:center}
a{color:#595aff}
`;

/** A whole page: the card layout, a title, no script. */
export function layout(title: string, body: Html, instanceTitle = 'Social Federation'): string {
  return `<!DOCTYPE html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · ${instanceTitle}</title>
<style>${new Html(STYLE)}</style>
</head>
<body>
<main>
<p class="brand">${instanceTitle}</p>
${body}
</main>
</body>
</html>
`.value}`;
}
