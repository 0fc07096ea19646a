import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fitArea, ImageProcessor, InvalidImageError, UnsupportedDimensionsError } from './image-processor';

describe('fitArea', () => {
  it("fits Mastodon's preview area keeping the aspect, and never enlarges", () => {
    expect(fitArea(1920, 1080, 230_400)).toEqual({ width: 640, height: 360 });
    expect(fitArea(1080, 1920, 230_400)).toEqual({ width: 360, height: 640 });
    expect(fitArea(300, 200, 230_400)).toEqual({ width: 300, height: 200 });
    expect(fitArea(30_000, 10, 230_400)).toEqual({ width: 26291, height: 9 });
  });
});

describe('ImageProcessor', () => {
  const images = new ImageProcessor();
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'image-processor-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function file(name: string, data: Buffer): Promise<string> {
    const target = path.join(folder, name);
    await writeFile(target, data);
    return target;
  }

  describe('for an EXIF-rotated JPEG with a GPS position', () => {
    it('probes its displayed size, and writes versions turned upright with no EXIF at all', async () => {
      const data = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#884422' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .toBuffer();
      const input = await file('rotated.jpg', data);

      const probed = await images.probe(input, 'jpeg', 33_177_600);
      const original = await images.original(input, probed);
      const preview = await images.preview(input, probed);

      expect(probed).toEqual({ format: 'jpeg', width: 200, height: 400, animated: false });
      expect([original.dimensions.size, preview.dimensions.size, original.contentType]).toEqual(['200x400', '200x400', 'image/jpeg']);
      const written = await sharp(original.data).metadata();
      expect({ exif: written.exif, orientation: written.orientation, width: written.width }).toEqual({ exif: undefined, orientation: undefined, width: 200 });
    });
  });

  describe('for more pixels than the limit', () => {
    it("refuses it from the header alone, with Mastodon's message", async () => {
      const input = await file('wide.png', await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#000' } }).png().toBuffer());

      await expect(images.probe(input, 'png', 5_000_000)).rejects.toEqual(new UnsupportedDimensionsError('3000x2000 images are not supported'));
    });
  });

  describe('for a truncated JPEG', () => {
    it('fails rendering with an InvalidImageError', async () => {
      const whole = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#123456', noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).jpeg().toBuffer();
      const input = await file('cut.jpg', whole.subarray(0, whole.length / 2));

      const probed = await images.probe(input, 'jpeg', 33_177_600);
      await expect(images.preview(input, probed)).rejects.toBeInstanceOf(InvalidImageError);
    });
  });

  describe('for a PNG with transparency', () => {
    it('gives a PNG preview and a 36-character blurhash (4x4 components)', async () => {
      const input = await file('alpha.png', await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } }).png().toBuffer());

      const probed = await images.probe(input, 'png', 33_177_600);
      const preview = await images.preview(input, probed);
      const blurhash = await images.blurhash(preview.data);

      expect([preview.contentType, preview.dimensions]).toEqual(['image/png', { width: 554, height: 416, size: '554x416', aspect: 554 / 416 }]);
      expect(blurhash).toHaveLength(36);
    });
  });
});
