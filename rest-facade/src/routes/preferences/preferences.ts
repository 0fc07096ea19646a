/**
 * GET /api/v1/preferences (read or read:accounts, user): posting defaults from the account settings, reading
 *   preferences (Mastodon's defaults). 200 Preferences. Tusky and Ivory call it at login (docs/api/client-compatibility.md#startup).
 * GET /api/v1/custom_emojis (no token needed): the custom emojis offered in pickers, enabled ones only. 200 [CustomEmoji]
 *   (docs/api/custom-emojis.md).
 * Mastodon's PreferencesController, CustomEmojisController.
 */
import { listedCustomEmojiToMastodon } from '../../entities/custom-emoji/to-mastodon.js';
import { preferencesToMastodon } from '../../entities/preferences/to-mastodon.js';
import { run } from '../../http/context.js';
import type { Route } from '../route.js';
import { GetCustomEmojis, GetPreferences } from '../../gql/operations.js';

export const preferenceRoutes: Route[] = [
  {
    method: 'get',
    path: '/api/v1/preferences',
    scopes: { required: ['read', 'read:accounts'], as: 'user' },
    doc: { summary: 'Your posting and reading preferences', responds: 'Preferences' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetPreferences);
      res.json(preferencesToMastodon(data.preferences));
    },
  },
  {
    method: 'get',
    path: '/api/v1/custom_emojis',
    scopes: 'none',
    doc: { summary: "The server's custom emojis", responds: ['CustomEmoji'] },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetCustomEmojis);
      res.json(data.customEmojis.map(listedCustomEmojiToMastodon));
    },
  },
];
