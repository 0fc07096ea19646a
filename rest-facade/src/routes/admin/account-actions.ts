/**
 * Moderators' actions on accounts (docs/api/moderation.md#acting-on-an-account; Mastodon's
 * Api::V1::Admin::AccountActionsController and AccountsController's actions). A user token with
 * admin:write:accounts (or admin:write) and a role with manage_users (delete: delete_user_data): 403 otherwise.
 * POST /api/v1/admin/accounts/:id/action: type (none, sensitive, disable, silence, suspend; missing or another
 *   word: 422), report_id (resolved; unknown: 404), text (the warning's), warning_preset_id and
 *   send_email_notification (accepted, ignored); {}. A role not above the user's: 403.
 * POST /api/v1/admin/accounts/:id/{enable,unsilence,unsuspend,unsensitive,approve}: the Admin::Account after it;
 *   approving a user who is not pending, unsuspending a deleted account: 403.
 * POST /api/v1/admin/accounts/:id/reject: a pending sign-up deleted; {}.
 * DELETE /api/v1/admin/accounts/:id: a suspended account's data deleted now (a background job); {}; not suspended: 403.
 * Unknown account: 404.
 */
import { adminAccountToMastodon } from '../../entities/report/to-mastodon.js';
import type { Operation } from '../../gateway-client.js';
import {
  ApproveAccount, DeleteAccountData, EnableAccount, ModerateAccount, RejectAccount, UnsensitiveAccount, UnsilenceAccount, UnsuspendAccount,
  type AccountActionType, type AdminAccountFieldsFragment, type UserErrorFieldsFragment,
} from '../../gql/operations.js';
import { runMutation } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params, pathParam } from '../../http/params.js';
import { userScopes, type Route } from '../route.js';

const TYPES = new Set(['none', 'sensitive', 'disable', 'silence', 'suspend']);
const WRITE_ACCOUNTS = userScopes('admin:write:accounts');

/** An undo or approval (its own .graphql file beside this module): `<field>(input: { accountId })`, answering the account. */
type AccountChange<Field extends string> = Operation<
  { [F in Field]: { account: AdminAccountFieldsFragment | null; errors: UserErrorFieldsFragment[] } },
  { input: { accountId: string | number } }
>;

function changeRoute<Field extends string>(action: string, summary: string, mutation: AccountChange<Field>, field: Field): Route {
  return {
    method: 'post',
    path: `/api/v1/admin/accounts/:id/${action}`,
    scopes: WRITE_ACCOUNTS,
    doc: { summary, responds: 'AdminAccount' },
    async handle(services, req, res) {
      const { account } = await runMutation(services, req, res, mutation, { input: { accountId: pathParam(req, 'id') } }, field);
      res.json(adminAccountToMastodon(account));
    },
  };
}

/** A removal (its own .graphql file beside this module): `<field>(input: { accountId })`, answered with Mastodon's `{}`. */
function removalRoute<Field extends string>(
  method: 'post' | 'delete',
  path: string,
  summary: string,
  mutation: Operation<{ [F in Field]: { errors: UserErrorFieldsFragment[] } | null }, { input: { accountId: string | number } }>,
  field: Field,
): Route {
  return {
    method,
    path,
    scopes: WRITE_ACCOUNTS,
    doc: { summary, responds: 'Empty' },
    async handle(services, req, res) {
      await runMutation(services, req, res, mutation, { input: { accountId: pathParam(req, 'id') } }, field);
      res.json({});
    },
  };
}

/** A type outside Mastodon's list is its 422; a missing one is refused by the service, after the token's scope and role. */
function actionType(params: Params): AccountActionType | null {
  const type = params.string('type');
  if (type === undefined || type === '') return null;
  if (!TYPES.has(type)) throw new HttpError(422, 'Validation failed: Type is not included in the list');
  return type.toUpperCase() as AccountActionType;
}

export const adminAccountActionRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/v1/admin/accounts/:id/action',
    scopes: WRITE_ACCOUNTS,
    doc: {
      summary: 'Act on an account: warn, mark sensitive, disable, limit or suspend',
      responds: 'Empty',
      params: { type: 'string!', report_id: 'string', warning_preset_id: 'string', text: 'string', send_email_notification: 'boolean' },
    },
    async handle(services, req, res) {
      const params = Params.of(req);
      const input = {
        accountId: pathParam(req, 'id'),
        type: actionType(params),
        reportId: params.string('report_id') || null,
        warningPresetId: params.string('warning_preset_id') || null,
        text: params.string('text') ?? null,
        sendEmailNotification: params.boolean('send_email_notification') ?? null,
      };
      await runMutation(services, req, res, ModerateAccount, { input }, 'moderateAccount');
      res.json({});
    },
  },
  changeRoute('enable', 'Let a disabled user sign in again', EnableAccount, 'enableAccount'),
  changeRoute('unsilence', 'Stop limiting an account', UnsilenceAccount, 'unsilenceAccount'),
  changeRoute('unsuspend', 'Lift a suspension', UnsuspendAccount, 'unsuspendAccount'),
  changeRoute('unsensitive', "Stop marking an account's media sensitive", UnsensitiveAccount, 'unsensitiveAccount'),
  changeRoute('approve', 'Approve a pending sign-up', ApproveAccount, 'approveAccount'),
  removalRoute('post', '/api/v1/admin/accounts/:id/reject', 'Reject a pending sign-up', RejectAccount, 'rejectAccount'),
  removalRoute('delete', '/api/v1/admin/accounts/:id', "Delete a suspended account's data now", DeleteAccountData, 'deleteAccountData'),
];
