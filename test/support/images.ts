// Real files for the media tests, generated with sharp: every format the
// server reads, an EXIF-rotated JPEG with GPS tags, images too big in bytes
// or pixels, a corrupt JPEG, and plain text.
import sharp from 'sharp';

export interface Fixture {
  data: Buffer;
  contentType: string;
  fileName: string;
}

const fixture = (data: Buffer, contentType: string, fileName: string): Fixture => ({ data, contentType, fileName });

/** A gradient with some structure, so encoders and blurhash have something to work on. */
function gradient(width: number, height: number): sharp.Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4e89"/><stop offset="1" stop-color="#f4a259"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#e63946"/></svg>`;
  return sharp(Buffer.from(svg));
}

export async function jpeg(width = 1200, height = 800): Promise<Fixture> {
  return fixture(await gradient(width, height).jpeg({ quality: 85 }).toBuffer(), 'image/jpeg', 'photo.jpg');
}

/** One colour, nothing else: a blurhash unlike the gradient's. */
export async function solidJpeg(width: number, height: number, background = '#2a9d8f'): Promise<Fixture> {
  return fixture(await sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer(), 'image/jpeg', 'solid.jpg');
}

export async function png(width = 300, height = 200): Promise<Fixture> {
  return fixture(await gradient(width, height).png().toBuffer(), 'image/png', 'drawing.png');
}

export async function webp(width = 640, height = 480): Promise<Fixture> {
  return fixture(await gradient(width, height).webp().toBuffer(), 'image/webp', 'picture.webp');
}

export async function avif(width = 320, height = 240): Promise<Fixture> {
  return fixture(await gradient(width, height).avif().toBuffer(), 'image/avif', 'picture.avif');
}

export async function gif(width = 120, height = 90): Promise<Fixture> {
  return fixture(await gradient(width, height).gif().toBuffer(), 'image/gif', 'still.gif');
}

/** Three frames of 40x30. */
export async function animatedGif(): Promise<Fixture> {
  const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((background) => sharp({ create: { width: 40, height: 30, channels: 4, background } }).png().toBuffer()));
  return fixture(await sharp(frames, { join: { animated: true } }).gif({ delay: 100, loop: 0 }).toBuffer(), 'image/gif', 'animated.gif');
}

/** Stored 400x200 with EXIF orientation 6 (rotate 90° to display) and a GPS position: displayed 200x400. */
export async function rotatedJpegWithGps(): Promise<Fixture> {
  const data = await gradient(400, 200)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'Test Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
  return fixture(data, 'image/jpeg', 'rotated.jpg');
}

/** 8000x4500: more pixels than Mastodon's image matrix limit (33,177,600), yet a small file. */
export async function tooManyPixels(): Promise<Fixture> {
  return fixture(await sharp({ create: { width: 8000, height: 4500, channels: 3, background: '#335577' } }).jpeg().toBuffer(), 'image/jpeg', 'huge.jpg');
}

/** 4200x3000 (12.6 MP): accepted, and its original shrunk into 3840x2160's area. */
export async function largePhoto(): Promise<Fixture> {
  return fixture(await gradient(4200, 3000).jpeg({ quality: 80 }).toBuffer(), 'image/jpeg', 'large.jpg');
}

/** A JPEG cut in half: its header reads, its pixels do not. */
export async function truncatedJpeg(): Promise<Fixture> {
  const whole = (await jpeg(800, 600)).data;
  return fixture(whole.subarray(0, Math.floor(whole.length / 2)), 'image/jpeg', 'broken.jpg');
}

/**
 * An animated GIF whose last frame's pixel data is garbage (its block
 * structure intact): the first frame, and so the preview, decodes; the whole
 * animation, and so the full version, does not. Its v2 upload is accepted
 * and its processing fails in the background.
 */
export async function gifWithCorruptLastFrame(): Promise<Fixture> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff', '#ffff00'].map((colour, i) =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${50 + i * 30}" cy="75" r="40" fill="#222"/></svg>`)).png().toBuffer(),
    ),
  );
  const data = Buffer.from(await sharp(frames, { join: { animated: true } }).gif({ delay: 100, loop: 0 }).toBuffer());
  let at = data.lastIndexOf(Buffer.from([0x21, 0xf9, 0x04])) + 8; // past the last graphic control extension
  if (data[at] !== 0x2c) throw new Error('expected an image descriptor after the last graphic control extension');
  const packed = data[at + 9] as number;
  at += 10 + (packed & 0x80 ? 3 * (1 << ((packed & 0x07) + 1)) : 0) + 1; // descriptor, local colours, LZW code size
  while (data[at] !== 0) {
    const length = data[at] as number;
    for (let i = at + 2; i <= at + length; i++) data[i] = (i * 131 + 17) & 0xff;
    at += length + 1;
  }
  return fixture(data, 'image/gif', 'broken-animation.gif');
}

/** 6000x4000 (24 MP): its full version takes long enough to be caught processing. */
export async function slowPhoto(): Promise<Fixture> {
  return fixture(await gradient(6000, 4000).jpeg({ quality: 80 }).toBuffer(), 'image/jpeg', 'slow.jpg');
}

/** Starts like a JPEG and goes on past 16 MB. */
export function oversizedImage(): Fixture {
  const data = Buffer.alloc(16 * 1024 * 1024 + 1024, 0x41);
  data.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return fixture(data, 'image/jpeg', 'enormous.jpg');
}

export function textFile(): Fixture {
  return fixture(Buffer.from('Shopping list:\n- bread\n- milk\n', 'utf8'), 'text/plain', 'notes.txt');
}

/** Decoded facts of a served image: its size and whether any EXIF survived. */
export async function inspect(data: Buffer): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined; exif: boolean; orientation: number | undefined; pages: number }> {
  const meta = await sharp(data, { animated: true }).metadata();
  return { format: meta.format, width: meta.width, height: meta.pageHeight ?? meta.height, exif: meta.exif !== undefined, orientation: meta.orientation, pages: meta.pages ?? 1 };
}
