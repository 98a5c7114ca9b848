// Photo-like JPEGs for the benchmarks, made with sharp: detail at every scale, as in a photo
// (random light and colour at four scales, from large patches to fine texture, each enlarged with
// a cubic filter, so there are edges and gradients and a smaller copy still has detail, not a flat
// colour), with sensor grain on every pixel. The same seed gives the same bytes.
import sharp from 'sharp';

/** A small deterministic generator (mulberry32): numbers in [0, 1). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A JPEG of `width` × `height` (12 megapixels by default: 4240 × 2832) at `quality`, with grain
 * of ± `grain` levels per channel.
 */
export async function noisyPhoto({
  width = 4240,
  height = 2832,
  seed = 1,
  quality = 90,
  grain = 14,
} = {}) {
  const next = random(seed);
  const hue = [next(), next(), next()].map((v) => 60 + v * 140);
  const scene = new Float32Array(width * height * 3);
  for (let i = 0; i < scene.length; i++) scene[i] = hue[i % 3];
  // Four scales of detail: 24, 96, 384 and 1,536 columns across, each half as strong as the last.
  for (const [cols, strength] of [
    [24, 90],
    [96, 45],
    [384, 24],
    [1536, 12],
  ]) {
    const rows = Math.max(2, Math.round((cols * height) / width));
    const small = Buffer.alloc(cols * rows * 3);
    for (let i = 0; i < cols * rows; i++) {
      // Light varies more than colour: the three channels move together, with a little apart.
      const light = next() - 0.5;
      for (let c = 0; c < 3; c++) {
        small[i * 3 + c] = Math.round(128 + (light * 0.8 + (next() - 0.5) * 0.2) * 255);
      }
    }
    const layer = await sharp(small, { raw: { width: cols, height: rows, channels: 3 } })
      .resize(width, height, { kernel: 'cubic', fit: 'fill' })
      .raw()
      .toBuffer();
    for (let i = 0; i < scene.length; i++) scene[i] += ((layer[i] - 128) / 128) * strength;
  }
  // Grain: a fresh value per pixel and channel.
  const pixels = Buffer.alloc(scene.length);
  for (let i = 0; i < scene.length; i++) {
    const v = Math.round(scene[i] + (next() + next() - 1) * grain);
    pixels[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: quality >= 95 ? '4:4:4' : '4:2:0' })
    .toBuffer();
}
