import { ANONYMOUS, bodyDigest, signPrincipal } from '@social/federation';
import { AppError, ErrorCode, type ValidationDetails } from '@social/errors';
import type { ProfileImageKind, ProfileImageStore, ProfileImageUpload, StoredProfileImage } from './profile-image.js';

type Call =
  | { action: 'store'; ownerId: string; kind: ProfileImageKind; file: ProfileImageUpload }
  | { action: 'remove'; keys: string[] };

/** An AppError as it crosses the route: the caller throws it again, so a bad image is the same 422 in every deployment. */
interface CarriedError {
  code: ErrorCode;
  message: string;
  details?: ValidationDetails;
  field?: string[];
}

type Answer = { image: StoredProfileImage } | { removed: true } | { error: CarriedError };

/** The media process's side of the profile-image route (PROFILE_IMAGE_ROUTE). */
export function profileImageRoute(store: ProfileImageStore): (body: unknown) => Promise<Answer> {
  return async (body) => {
    const call = body as Call;
    try {
      if (call.action === 'remove') {
        await store.remove(Array.isArray(call.keys) ? call.keys.filter((key) => typeof key === 'string') : []);
        return { removed: true };
      }
      const kind: ProfileImageKind = call.kind === 'header' || call.kind === 'emoji' ? call.kind : 'avatar';
      return { image: await store.store(String(call.ownerId), kind, call.file) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { error: { code: error.code, message: error.message, details: error.extensions.details as ValidationDetails | undefined, field: error.field } };
    }
  };
}

/**
 * The identity process's side: calls the media process's route, signed like
 * every internal call. An unreachable media process is an unavailable error
 * (503, try again), as for the facade's uploads.
 */
export class HttpProfileImages {
  private readonly url: URL;

  constructor(
    mediaUrl: string,
    private readonly secret: string,
    private readonly route: string,
  ) {
    this.url = new URL(route, mediaUrl);
  }

  async store(ownerId: string, kind: ProfileImageKind, file: ProfileImageUpload): Promise<StoredProfileImage> {
    const answer = await this.call({ action: 'store', ownerId, kind, file: { upload: file.upload, contentType: file.contentType, fileName: file.fileName } });
    if ('error' in answer) throw new AppError(answer.error.code, answer.error.message, { details: answer.error.details, field: answer.error.field });
    if (!('image' in answer)) throw new Error('media answered a store without an image');
    return answer.image;
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.call({ action: 'remove', keys: [...keys] });
  }

  private async call(call: Call): Promise<Answer> {
    const body = JSON.stringify(call);
    const signed = signPrincipal(ANONYMOUS, this.secret, { method: 'POST', path: this.route, bodyDigest: bodyDigest(body) });
    const response = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json', ...signed }, body }).catch((cause: unknown) => {
      throw new AppError(ErrorCode.UNAVAILABLE, 'The media service is unreachable', { cause });
    });
    if (response.status !== 200) throw new AppError(ErrorCode.UNAVAILABLE, `The media service answered ${response.status}`);
    return (await response.json()) as Answer;
  }
}
