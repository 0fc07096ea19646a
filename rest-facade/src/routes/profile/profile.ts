/**
 * PATCH /api/v1/accounts/update_credentials (write:accounts, user): profile and posting defaults; multipart
 *   (avatar, header files), form or JSON. 200 CredentialAccount; 401, 403, 422 {error, details}.
 * DELETE /api/v1/profile/avatar, DELETE /api/v1/profile/header (write:accounts, user): the default image back.
 *   200 CredentialAccount (also when none was set).
 * docs/api/accounts.md#profile-editing. Mastodon's Api::V1::Accounts::CredentialsController and Api::V1::Profile::*.
 */
import type { Request, Response } from 'express';
import { Messages } from '@social/errors';
import { credentialAccountToMastodon } from '../../entities/account/to-mastodon.js';
import { runMutation, type FacadeServices } from '../../http/context.js';
import { HttpError } from '../../http/errors.js';
import { Params } from '../../http/params.js';
import { readMultipart } from '../../http/upload.js';
import { userScopes, type Route } from '../route.js';
import { DeleteProfileAvatar, DeleteProfileHeader, UpdateProfile, type CredentialAccountFieldsFragment } from '../../gql/operations.js';

/** Mastodon's avatar and header size limit (docs/api/accounts.md#profile-images), enforced while the file streams in. */
const IMAGE_BYTES = 8 * 1024 * 1024;
const IMAGE_LIMITS = { avatar: () => IMAGE_BYTES, header: () => IMAGE_BYTES };
const LABELS = { avatar: 'Avatar', header: 'Header' } as const;

/** The text parameters as UpdateProfileInput; absent ones stay null (unchanged). */
function profileInput(params: Params): Record<string, unknown> {
  const source = params.nested('source');
  const fields = params.objectList('fields_attributes');
  return {
    displayName: params.string('display_name') ?? null,
    note: params.string('note') ?? null,
    locked: params.boolean('locked') ?? null,
    bot: params.boolean('bot') ?? null,
    discoverable: params.boolean('discoverable') ?? null,
    indexable: params.boolean('indexable') ?? null,
    hideCollections: params.boolean('hide_collections') ?? null,
    fields: fields ? fields.map((field) => ({ name: field.string('name') ?? '', value: field.string('value') ?? '' })) : null,
    source: source
      ? { privacy: source.string('privacy') ?? null, sensitive: source.boolean('sensitive') ?? null, language: source.string('language') ?? null }
      : null,
  };
}

/** `DELETE /api/v1/profile/<image>`: one mutation per image, answering the CredentialAccount with the default image back. */
function removeImageRoute(image: 'avatar' | 'header'): Route {
  const document = image === 'avatar' ? DeleteProfileAvatar : DeleteProfileHeader;
  const field = image === 'avatar' ? 'deleteProfileAvatar' : 'deleteProfileHeader';
  return {
    method: 'delete',
    path: `/api/v1/profile/${image}`,
    scopes: userScopes('write:accounts'),
    doc: { summary: `Remove your ${image}`, responds: 'CredentialAccount' },
    async handle(services, req, res) {
      const { account } = await runMutation<{ account: CredentialAccountFieldsFragment }>(services, req, res, document, {}, field);
      res.json(credentialAccountToMastodon(account));
    },
  };
}

async function updateCredentials(services: FacadeServices, req: Request, res: Response): Promise<void> {
  const read = await readMultipart(req, res, IMAGE_LIMITS, services.config.bodyLimitBytes);
  try {
    for (const [field, bytes] of read.tooLarge) {
      throw new HttpError(422, `Validation failed: ${LABELS[field as keyof typeof LABELS]} file size must be less than ${bytes / 1024 / 1024} MB`);
    }
    const input = profileInput(Params.of(req));
    for (const kind of ['avatar', 'header'] as const) {
      const file = read.files[kind];
      if (!file) continue;
      if (!services.uploads) throw new HttpError(503, Messages.unavailable);
      input[kind] = { upload: await services.uploads.stage(file), contentType: file.contentType, fileName: file.fileName };
    }
    const { account } = await runMutation(services, req, res, UpdateProfile, { input }, 'updateProfile');
    res.json(credentialAccountToMastodon(account));
  } finally {
    await read.cleanup();
  }
}

export const profileRoutes: Route[] = [
  {
    method: 'patch',
    path: '/api/v1/accounts/update_credentials',
    scopes: userScopes('write:accounts'),
    doc: {
      summary: 'Update your profile and posting defaults',
      responds: 'CredentialAccount',
      params: {
        display_name: 'string', note: 'string', avatar: 'file', header: 'file', locked: 'boolean', bot: 'boolean',
        discoverable: 'boolean', indexable: 'boolean', hide_collections: 'boolean', fields_attributes: 'object', source: 'object',
      },
    },
    streamsFiles: true,
    handle: updateCredentials,
  },
  removeImageRoute('avatar'),
  removeImageRoute('header'),
];
