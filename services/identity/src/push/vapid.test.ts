import webpush from 'web-push';
import type { ServerKeyData } from './server-key.data';
import { TokenSeal, VapidKeyring } from './vapid';

describe('VapidKeyring', () => {
  it('answers the configured pair without touching the database', async () => {
    const pair = webpush.generateVAPIDKeys();
    const keep = jest.fn();
    const keyring = new VapidKeyring(pair, { keep } as unknown as ServerKeyData);
    expect(await keyring.keys()).toEqual(pair);
    expect(keep).not.toHaveBeenCalled();
  });

  it('reads the kept pair once per process, offering a new one to keep if there is none', async () => {
    const kept = webpush.generateVAPIDKeys();
    const keep = jest.fn(async () => kept);
    const keyring = new VapidKeyring(null, { keep } as unknown as ServerKeyData);
    expect(await Promise.all([keyring.publicKey(), keyring.publicKey()])).toEqual([kept.publicKey, kept.publicKey]);
    expect(keep).toHaveBeenCalledTimes(1);
    expect(keep).toHaveBeenCalledWith('vapid', { publicKey: expect.stringMatching(/^[\w-]{87}$/), privateKey: expect.stringMatching(/^[\w-]{43}$/) });
  });

  it('tries the database again after a failure', async () => {
    const kept = webpush.generateVAPIDKeys();
    const keep = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(kept);
    const keyring = new VapidKeyring(null, { keep } as unknown as ServerKeyData);
    await expect(keyring.keys()).rejects.toThrow('down');
    expect(await keyring.keys()).toEqual(kept);
  });
});

describe('TokenSeal', () => {
  it('opens what it sealed, differently each time; another pair cannot', () => {
    const seal = new TokenSeal(webpush.generateVAPIDKeys());
    const sealed = seal.seal('the-token');
    expect(sealed).not.toContain('the-token');
    expect(seal.seal('the-token')).not.toBe(sealed);
    expect(seal.open(sealed)).toBe('the-token');
    expect(new TokenSeal(webpush.generateVAPIDKeys()).open(sealed)).toBeNull();
    expect(seal.open('short')).toBeNull();
  });
});
