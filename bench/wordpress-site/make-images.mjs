// Draws the benchmark site's pictures: COUNT photo-sized JPEGs (1600×1000, with noise so that
// they decode and encode like photographs rather than flat drawings; about 130 KB each), each
// with its number. Made here.
// Usage: node make-images.mjs OUTDIR COUNT   (from the repository root, which has sharp)
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const [outDir, count] = [process.argv[2], Number(process.argv[3])];
if (!outDir || !count) throw new Error('usage: node make-images.mjs OUTDIR COUNT');
fs.mkdirSync(outDir, { recursive: true });
const width = 1600;
const height = 1000;
for (let i = 1; i <= count; i++) {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="hsl(${hue},35%,40%)" fill-opacity="0.75"/>
  <rect x="500" y="380" width="600" height="480" fill="#dddddd"/>
  <polygon points="470,380 800,150 1130,380" fill="#aaaaaa"/>
  <polygon points="820,50 920,430 850,430 950,830 750,380 815,380" fill="#ffd23f"/>
  <text x="40" y="960" font-family="sans-serif" font-size="64" fill="#ffffff">Bild ${i}</text>
</svg>`;
  await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 82 })
    .toFile(path.join(outDir, `bild-${i}.jpg`));
}
console.log(`${count} pictures in ${outDir}`);
