// Draws the site's icons and its default link-preview picture from the logo (public/favicon.svg),
// the palette (src/styles.css) and the company's name, and writes them beside the app:
//   public/favicon.ico                 16, 32 and 48 px, for browsers and crawlers that ask for it
//   public/apple-touch-icon.png        180 px on the navy of the navbar (iOS wants it opaque)
//   public/icon-192.png, icon-512.png  for the web app manifest, transparent like the favicon
//   public/icon-maskable-512.png       the same with room for any mask (a circle, a squircle)
//   public/assets/og-image-<hash>.png  1200 × 630, shown when a page without a picture is shared
//   src/config/site-images.json        where the link-preview picture is, for the page head
// The output is committed: run `node web/scripts/site-images.mjs` after changing the logo, the
// company's name or the slogans. The picture's name carries a hash of its bytes, so it is
// served as immutable (like Vite's assets) and a new one gets a new address.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { company } from '../../contract/src/company.ts';

const web = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(web, 'public');
const logo = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

// From the theme in src/styles.css.
const navy = '#0b2545'; // brand-900
const darkBlue = '#143561'; // brand-800
const paleBlue = '#d5e1f1'; // brand-100
const yellow = '#f5c518'; // accent-400

const slogan = (lang) => JSON.parse(fs.readFileSync(path.join(web, 'src/locales', lang, 'common.json'), 'utf8')).site.slogan;

/** The logo's drawing (its paths), to be placed inside another SVG. */
const logoPaths = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
/** The logo (a 40 × 40 drawing) at `size` px with its top left corner at x, y. */
const placedLogo = (x, y, size) => `<g transform="translate(${x} ${y}) scale(${size / 40})">${logoPaths}</g>`;

/** An SVG rendered at its own size: drawn at 4× and scaled down, so that small icons keep crisp edges. */
async function png(svg, size) {
  return sharp(Buffer.from(svg), { density: 72 * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 48 ? false : true })
    .toBuffer();
}

const square = (size, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;

/** The logo alone on a transparent ground, filling the square. */
const bareIcon = (size) => png(square(size, placedLogo(0, 0, size)), size);

/** The logo on navy: `scale` of the square is the logo, the rest the ground around it. */
const iconOnNavy = (size, scale) => {
  const inner = size * scale;
  return png(
    square(
      size,
      `<rect width="${size}" height="${size}" fill="${navy}"/>${placedLogo((size - inner) / 2, (size - inner) / 2, inner)}`,
    ),
    size,
  );
};

/**
 * An ICO file holding PNG images (Windows Vista and every browser read them): a 6-byte header,
 * a 16-byte directory entry per image, then the images.
 */
function icoOf(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 = 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const escapeXml = (value) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The link-preview picture: the logo, the company's name and its slogan in both languages, on the navbar's navy (flat colours: a palette PNG without dithering). */
async function ogImage() {
  const [width, height] = [1200, 630];
  const font = "'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${navy}"/>
  <path d="M1010 -20 L890 250 L960 250 L860 470 L1080 190 L1000 190 L1120 -20 Z" fill="${darkBlue}"/>
  <rect x="0" y="${height - 14}" width="${width}" height="14" fill="${yellow}"/>
  ${placedLogo(96, 165, 300)}
  <text x="460" y="290" font-family="${font}" font-size="104" font-weight="700" fill="#ffffff">${escapeXml(company.name)}</text>
  <text x="464" y="368" font-family="${font}" font-size="44" fill="${yellow}">${escapeXml(slogan('de'))}</text>
  <text x="464" y="428" font-family="${font}" font-size="34" fill="${paleBlue}">${escapeXml(slogan('en'))}</text>
  <text x="464" y="486" font-family="${font}" font-size="28" fill="${paleBlue}">${escapeXml(`${company.city} · ${new URL(company.website).host}`)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
}

const write = (file, data) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  console.log(`${path.relative(web, file)}  ${data.length} bytes`);
};

write(
  path.join(publicDir, 'favicon.ico'),
  icoOf(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await bareIcon(size) })))),
);
write(path.join(publicDir, 'apple-touch-icon.png'), await iconOnNavy(180, 0.72));
write(path.join(publicDir, 'icon-192.png'), await bareIcon(192));
write(path.join(publicDir, 'icon-512.png'), await bareIcon(512));
// A maskable icon's safe zone is the central circle of 80 % of its width: the logo fits in 60 %.
write(path.join(publicDir, 'icon-maskable-512.png'), await iconOnNavy(512, 0.6));

const og = await ogImage();
const ogName = `og-image-${crypto.createHash('sha256').update(og).digest('base64url').slice(0, 8)}.png`;
const assets = path.join(publicDir, 'assets');
for (const old of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
  if (/^og-image-.*\.png$/.test(old)) fs.rmSync(path.join(assets, old));
}
write(path.join(assets, ogName), og);
write(
  path.join(web, 'src/config/site-images.json'),
  `${JSON.stringify({ ogImage: { url: `/assets/${ogName}`, width: 1200, height: 630, type: 'image/png' } }, null, 2)}\n`,
);
