import path from 'node:path';
import express, { type Router } from 'express';

/** rest-facade/static, beside src and dist. */
const STATIC_DIR = path.resolve(__dirname, '..', '..', 'static');

/**
 * Mastodon's default avatar and header, at the paths its accounts point to
 * when none was uploaded: clients show a broken image on a 404.
 */
export function defaultImages(): Router {
  const router = express.Router();
  const send = (file: string) => (_req: express.Request, res: express.Response) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.sendFile(path.join(STATIC_DIR, file));
  };
  for (const size of ['original', 'static']) {
    router.get(`/avatars/${size}/missing.png`, send('missing-avatar.png'));
    router.get(`/headers/${size}/missing.png`, send('missing-header.png'));
  }
  return router;
}
