import { describeScope } from './scope-descriptions.js';
import { hiddenFields, html, layout, type Html } from './html.js';

export interface PageApplication { name: string; website: string | null }
export interface PageAccount { username: string; displayName: string }

/** What every form of the flow carries along: the authorization request as the client sent it. */
export type RequestFields = Record<string, string | null>;

function appName(app: PageApplication): Html {
  return app.website ? html`<a href="${app.website}" rel="noopener noreferrer">${app.name}</a>` : html`<strong>${app.name}</strong>`;
}

export function signInPage(input: {
  brand: string; application: PageApplication; request: RequestFields; formToken: string; email?: string; failure?: string | null;
}): string {
  const body = html`<h1>Sign in</h1>
<p>${appName(input.application)} wants to use your account. Sign in to continue.</p>
${input.failure ? html`<p class="error" role="alert">${input.failure}</p>` : null}
<form method="post" action="/oauth/authorize/sign_in">
${hiddenFields({ ...input.request, authenticity_token: input.formToken })}
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" autocomplete="username" required autofocus value="${input.email ?? ''}">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="actions"><button type="submit" class="primary">Sign in</button></div>
</form>`;
  return layout('Sign in', body, input.brand);
}

export function approvePage(input: {
  brand: string; application: PageApplication; account: PageAccount; scopes: string[]; request: RequestFields; formToken: string;
  switchAccountUrl: string;
}): string {
  const { account } = input;
  const scopes = input.scopes.map((scope) => html`<li>${describeScope(scope)}<code>${scope}</code></li>`);
  const body = html`<h1>Authorize ${input.application.name}?</h1>
<p>${appName(input.application)} requests access to your account. It will be able to:</p>
<ul class="scopes">${scopes}</ul>
<div class="account"><span class="avatar" aria-hidden="true">${account.username.slice(0, 1).toUpperCase()}</span><div><strong>${account.displayName || account.username}</strong><br><span class="muted">@${account.username}</span></div></div>
<p class="muted">Not you? <a href="${input.switchAccountUrl}">Use another account</a></p>
<form method="post" action="/oauth/authorize">
${hiddenFields({ ...input.request, authenticity_token: input.formToken })}
<div class="actions">
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
<button type="submit" name="decision" value="approve" class="primary">Authorize</button>
</div>
</form>`;
  return layout('Authorization required', body, input.brand);
}

/** The out-of-band result: a code to copy, or the denial. */
export function outOfBandPage(input: { brand: string; code: string | null; error: string | null }): string {
  if (input.code) {
    const body = html`<h1>Authorization code</h1>
<p>Copy this code and paste it into the application.</p>
<label for="code">Your authorization code</label>
<textarea id="code" class="code" rows="2" readonly spellcheck="false">${input.code}</textarea>
<p class="muted">The code can be used once, within 10 minutes.</p>`;
    return layout('Authorization code', body, input.brand);
  }
  if (input.error === 'access_denied') {
    return errorPage({ brand: input.brand, error: 'access_denied', description: 'The resource owner or authorization server denied the request.' });
  }
  return errorPage({ brand: input.brand, error: 'invalid_request', description: 'No authorization code was given.' });
}

export function errorPage(input: { brand: string; error: string; description: string }): string {
  const body = html`<h1>An error has occurred</h1>
<p class="error" role="alert">${input.description}</p>
<p class="muted">Error code: <code>${input.error}</code></p>`;
  return layout('An error has occurred', body, input.brand);
}
