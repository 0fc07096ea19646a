import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalStorage } from './local-storage';
import { TooLargeError } from './media-storage';

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'media-storage-'));
    storage = new LocalStorage(root, 'https://social.test');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores a stream under its key and reports its size and URL', async () => {
    const size = await storage.put('media_attachments/files/000/000/001/original/abc.jpg', Readable.from([Buffer.from('hello '), Buffer.from('world')]));

    expect(size).toBe(11);
    expect(await readFile(path.join(root, 'media_attachments/files/000/000/001/original/abc.jpg'), 'utf8')).toBe('hello world');
    expect(storage.url('media_attachments/files/000/000/001/original/abc.jpg')).toBe('https://social.test/system/media_attachments/files/000/000/001/original/abc.jpg');
  });

  it('refuses a stream past its byte limit and keeps nothing of it', async () => {
    await expect(storage.put('uploads/big', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(TooLargeError);

    expect(await storage.size('uploads/big')).toBeNull();
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it.each(['../etc/passwd', 'uploads/../../x', '/abs', 'uploads//x', 'UPPER/case', 'a/.hidden', 'a b'])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  it('adopts a local file, moves and deletes objects', async () => {
    const outside = path.join(root, 'outside.bin');
    await writeFile(outside, 'bytes');

    await storage.adopt('uploads/one', outside);
    await storage.move('uploads/one', 'media_attachments/files/000/000/002/original/one.bin');
    await storage.delete(['media_attachments/files/000/000/002/original/one.bin', 'uploads/missing']);

    expect(await Promise.all([storage.size('uploads/one'), storage.size('media_attachments/files/000/000/002/original/one.bin')])).toEqual([null, null]);
  });

  it('lists objects under a prefix written before a time', async () => {
    await storage.put('uploads/old', Buffer.from('a'));
    await storage.put('uploads/new', Buffer.from('b'));
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(root, 'uploads/old'), hourAgo, hourAgo);

    expect(await storage.listOlderThan('uploads', new Date(Date.now() - 60_000))).toEqual(['uploads/old']);
    expect(await storage.listOlderThan('nothing-here', new Date())).toEqual([]);
  });

  it('reports a path it cannot read instead of taking it for a missing one (only ENOENT is missing)', async () => {
    // A symbolic link to itself: stat fails with ELOOP, which is a broken folder, not an absent file.
    await mkdir(path.join(root, 'uploads'), { recursive: true });
    await symlink('loop', path.join(root, 'uploads/loop'));
    await expect(storage.size('uploads/loop')).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(storage.listOlderThan('uploads', new Date())).rejects.toMatchObject({ code: 'ELOOP' });
    // A prefix that is a file, not a folder.
    await writeFile(path.join(root, 'staged'), 'x');
    await expect(storage.listOlderThan('staged', new Date())).rejects.toMatchObject({ code: 'ENOTDIR' });
    // Missing is still missing.
    expect(await storage.size('uploads/absent')).toBeNull();
  });
});
