/** The one PreviewCard selection (Status spreads it). */
export const PREVIEW_CARD_FRAGMENTS = [
  `fragment PreviewCardFields on PreviewCard {
  url title description type authorName authorUrl providerName providerUrl html width height
  image imageDescription embedUrl blurhash language publishedAt
}`,
];
