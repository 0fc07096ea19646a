export const MEDIA_ATTACHMENT_FRAGMENTS = [
  `fragment MediaAttachmentFields on MediaAttachment {
  id type url previewUrl remoteUrl textUrl description blurhash
  meta { focus { x y } original { width height size aspect } small { width height size aspect } }
}`,
];
