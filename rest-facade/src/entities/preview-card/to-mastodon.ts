// Mastodon's REST::PreviewCardSerializer (docs/api/statuses.md#entities). Keys in its order.
import type { PreviewCardFieldsFragment } from '../../gql/operations.js';
import { timestamp } from '../operation.js';

/** The old name, for code merged from before the generated types. @deprecated Use PreviewCardFieldsFragment. @public */
export type GqlPreviewCard = PreviewCardFieldsFragment;

export function previewCardToMastodon(card: PreviewCardFieldsFragment): Record<string, unknown> {
  return {
    url: card.url,
    title: card.title,
    description: card.description,
    language: card.language,
    type: card.type,
    author_name: card.authorName,
    author_url: card.authorUrl,
    provider_name: card.providerName,
    provider_url: card.providerUrl,
    html: card.html,
    width: card.width,
    height: card.height,
    image: card.image,
    image_description: card.imageDescription,
    embed_url: card.embedUrl,
    blurhash: card.blurhash,
    published_at: card.publishedAt ? timestamp(card.publishedAt) : null,
    // No fediverse:creator accounts are resolved: the authors are the page's named author, if any.
    authors: card.authorName ? [{ name: card.authorName, url: card.authorUrl, account: null }] : [],
  };
}
