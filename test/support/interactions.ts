// Helpers for the status interaction, thread and timeline suites: following,
// acting on statuses, reading Link headers. docs/api/statuses.md#interactions; docs/api/conventions.md#pagination.
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { expectJson } from './expectations';
import { api } from './server';

/** `follower` follows `target` through the API. */
export async function follow(follower: TestUser, target: TestUser): Promise<void> {
  expectJson(await api.post(`/api/v1/accounts/${target.account.id}/follow`, { token: follower.token }), 200);
}

/** POST /api/v1/statuses/:id/<action> as `user`, expecting 200; the Status answered. */
export async function act(user: TestUser, statusId: string, action: string): Promise<MastodonStatus> {
  const response = await api.post<MastodonStatus>(`/api/v1/statuses/${statusId}/${action}`, { token: user.token });
  expectJson(response, 200);
  return response.body;
}

/** PATCH /api/v1/accounts/update_credentials with these form fields (`discoverable=true`), expecting 200. */
export async function updateProfile(user: TestUser, form: string): Promise<void> {
  expectJson(await api.send('PATCH', '/api/v1/accounts/update_credentials', { token: user.token, contentType: 'application/x-www-form-urlencoded', body: form }), 200);
}

/** A Link header as `{rel: url}`. */
export function links(response: ApiResponse<unknown>): Record<string, string> {
  const header = response.headers.link;
  if (!header) return {};
  return Object.fromEntries(
    header.split(', ').map((part) => {
      const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
      if (!match) throw new Error(`malformed Link header part: ${part}`);
      return [match[2] as string, match[1] as string];
    }),
  );
}

/** The path and query of an absolute URL from a Link header, for the test client. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The ids of a list of statuses or accounts. */
export function ids(items: Array<{ id: string }>): string[] {
  return items.map((item) => item.id);
}
