import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

/**
 * What the media service stores and the mapper links to: Mastodon's paths,
 * `media_attachments/files/115/012/.../original/<16 hex>.jpg`, and profile
 * images, `accounts/avatars/.../original|static/<16 hex>.png`, and custom
 * emojis, `custom_emojis/images/.../original|static/<16 hex>.png`. Only names of
 * this exact shape are served, so no path can leave MEDIA_DIR (no `..`, no
 * escapes, no dot files), and staged uploads (raw bytes with their EXIF)
 * never are.
 */
const SERVED =
  /^(?:media_attachments\/(?:files|thumbnails)\/(?:\d{3}\/){3,7}(?:original|small)|(?:accounts\/(?:avatars|headers)|custom_emojis\/images)\/(?:\d{3}\/){3,7}(?:original|static))\/[a-f0-9]{16}\.([a-z0-9]{1,8})$/;

/** Images by the extension the media service gave them; anything else is a download. */
const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/**
 * GET and HEAD of `/system/<key>` from MEDIA_DIR (mounted at /system). File
 * names are random and never rewritten, so they are cached for a year.
 * Files of unknown type go out as application/octet-stream attachments:
 * an uploaded HTML page must not run as this origin.
 */
export function serveMediaFiles(mediaDir: string): RequestHandler {
  const root = path.resolve(mediaDir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = req.path.replace(/^\//, '');
    const match = SERVED.exec(key);
    if (!match) return next(new HttpError(404, 'Not Found'));
    const file = path.join(root, ...key.split('/'));
    stat(file).then(
      (info) => {
        if (!info.isFile()) return next(new HttpError(404, 'Not Found'));
        const type = IMAGE_TYPES[match[1]];
        res.removeHeader('Vary');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Content-Type', type ?? 'application/octet-stream');
        if (!type) res.setHeader('Content-Disposition', 'attachment');
        res.sendFile(key, { root, dotfiles: 'deny', cacheControl: false, acceptRanges: true, lastModified: true, etag: true }, (error) => {
          if (error && !res.headersSent) {
            res.setHeader('Cache-Control', 'private, no-store');
            res.removeHeader('Content-Disposition');
            next(new HttpError(404, 'Not Found'));
          }
        });
      },
      () => next(new HttpError(404, 'Not Found')),
    );
  };
}
