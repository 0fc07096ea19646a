import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError } from '@social/errors';
import { LocalStorage } from '../storage/local-storage';
import { StagedUploads } from '../upload/staged-uploads';
import { ProfileImageStore } from './profile-image';

describe('ProfileImageStore', () => {
  let root: string;
  let storage: LocalStorage;
  let store: ProfileImageStore;

  const stage = async (data: Buffer) => (await new StagedUploads(storage).receive(Readable.from([data]))).upload;
  const stored = async (key: string) => sharp(await storage.withLocalFile(key, (file) => sharp(file, { animated: true }).toBuffer()), { animated: true }).metadata();

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'profile-image-'));
    storage = new LocalStorage(root, 'https://social.test');
    store = new ProfileImageStore(storage);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('crops a header from the centre to 1500x500 under the account\'s partition, and takes the staged bytes', async () => {
    const upload = await stage(await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } }).jpeg().toBuffer());
    const image = await store.store('1', 'header', { upload });

    expect(image).toEqual({ key: expect.stringMatching(/^accounts\/headers\/000\/000\/001\/original\/[0-9a-f]{16}\.jpg$/), staticKey: null });
    expect(await stored(image.key)).toMatchObject({ width: 1500, height: 500, format: 'jpeg' });
    expect(await storage.size(`uploads/${upload}`)).toBeNull();
  });

  it('never enlarges a small avatar', async () => {
    const upload = await stage(await sharp({ create: { width: 100, height: 80, channels: 3, background: '#000' } }).png().toBuffer());
    const image = await store.store('1', 'avatar', { upload });
    expect(await stored(image.key)).toMatchObject({ width: 100, height: 80, format: 'png' });
  });

  it('keeps an animated GIF animated, with a PNG still of its first frame', async () => {
    const frames = await Promise.all(['#f00', '#0f0'].map((background) => sharp({ create: { width: 600, height: 500, channels: 4, background } }).png().toBuffer()));
    const upload = await stage(await sharp(frames, { join: { animated: true } }).gif().toBuffer());
    const image = await store.store('1', 'avatar', { upload });

    expect(await stored(image.key)).toMatchObject({ format: 'gif', pages: 2, width: 400, pageHeight: 400 });
    expect(await stored(image.staticKey as string)).toMatchObject({ format: 'png', width: 400, height: 400 });
    await store.remove([image.key, image.staticKey as string]);
    expect([await storage.size(image.key), await storage.size(image.staticKey as string)]).toEqual([null, null]);
  });

  it('refuses bytes that are no image it takes (an SVG too) with a validation error', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const error = await store.store('1', 'avatar', { upload: await stage(svg) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('Validation failed: Avatar content type is invalid');
  });

  it('refuses an upload id that names nothing', async () => {
    await expect(store.store('1', 'avatar', { upload: '../../etc/passwd' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

