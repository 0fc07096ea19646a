import type { CacheInvalidation } from '@social/cache';
import DataLoader from 'dataloader';
import type { StatusesContext } from '../context.js';
import type { NewStatus } from '../status/status.data.js';
import { cardLinkOf } from './card-link.js';
import { parsePageDetails } from './card-parse.js';
import type { CardData, CardRecord } from './card.data.js';
import type { PreviewCard } from './card.type.js';
import { fetchPage, PAGE_FETCH_DEFAULTS } from './page-fetch.js';

export interface CardSettings {
  /** CARD_FETCH_ALLOW_PRIVATE: let the fetcher reach private and loopback addresses. */
  allowPrivate: boolean;
  publicUrl: string;
}

/**
 * Preview cards (Mastodon's FetchLinkCardService): a status with a link and
 * no media gets a job when published; the job reads the linked page and
 * stores its card, which later reads of the status show.
 */
export class CardService {
  private readonly loaders = new WeakMap<StatusesContext, DataLoader<string, CardRecord | null>>();

  constructor(
    private readonly data: CardData,
    private readonly settings: CardSettings,
    private readonly invalidation: CacheInvalidation,
  ) {}

  /** Whether a new status gets a card job: a link, no media (Mastodon shows the media instead). */
  wantsCard(status: Pick<NewStatus, 'text' | 'mediaIds'>): boolean {
    return status.mediaIds.length === 0 && cardLinkOf(status.text, this.settings.publicUrl) !== null;
  }

  /** The card job: fetch the first link's page and keep its card. False when there is none to keep. */
  async fetchFor(statusId: bigint, signal: AbortSignal): Promise<boolean> {
    const status = await this.data.statusForCard(statusId);
    if (!status || status.isBoost) return false;
    const link = cardLinkOf(status.text, this.settings.publicUrl);
    if (!link) return false;
    const page = await fetchPage(link, { ...PAGE_FETCH_DEFAULTS, allowPrivate: this.settings.allowPrivate, signal });
    const details = page ? parsePageDetails(page.html, page.url) : null;
    if (!details) return false;
    await this.data.attach(statusId, details);
    await this.invalidation.changed({ statuses: [statusId] });
    return true;
  }

  async ofStatus(statusId: string, ctx: StatusesContext): Promise<PreviewCard | null> {
    // Published by this request: its card job runs after commit (Mastodon's answer to a post has no card either).
    if (ctx.published?.has(statusId)) return null;
    // The status read brought it (statuses.read carries the card).
    if (ctx.cards.has(statusId)) return this.toPreviewCard(ctx.cards.get(statusId) ?? null);
    let loader = this.loaders.get(ctx);
    if (!loader) {
      loader = new DataLoader((ids) => this.data.byStatusIds(ids));
      this.loaders.set(ctx, loader);
    }
    return this.toPreviewCard(await loader.load(statusId));
  }

  private toPreviewCard(card: CardRecord | null): PreviewCard | null {
    if (!card) return null;
    const { imageUrl, ...rest } = card;
    return { ...rest, image: imageUrl };
  }
}
