import { AppError, ErrorCode, Messages } from '@social/errors';

/** The two images of a profile, and a custom emoji's image (docs/api/custom-emojis.md). */
export type ProfileImageKind = 'avatar' | 'header' | 'emoji';

/** A staged upload, as the media service named it (an `Upload` value). */
export interface StagedImage {
  upload: string;
  contentType?: string | null;
  fileName?: string | null;
}

/** The stored files of one processed image; `staticKey` only for an animated one, and always for an emoji. */
export interface StoredImage {
  key: string;
  staticKey: string | null;
}

/**
 * The media service's profile-image processing, as identity reaches it: in
 * the same process a direct call, across processes its internal route.
 * `store` throws an AppError for a file that is not a usable image.
 */
export interface ProfileImages {
  /** `ownerId`: the account's id, or the custom emoji's. */
  store(ownerId: string, kind: ProfileImageKind, file: StagedImage): Promise<StoredImage>;
  remove(keys: readonly string[]): Promise<void>;
}

/** No media service reachable: image changes answer unavailable, removals only forget the keys. */
export const NO_PROFILE_IMAGES: ProfileImages = {
  store: () => Promise.reject(new AppError(ErrorCode.UNAVAILABLE, Messages.unavailable)),
  remove: () => Promise.resolve(),
};
