// Renders the app icons from ONE source, public/icons/icon.svg, with sharp:
//   icon-192.png, icon-512.png         manifest icons (purpose "any", transparent corners)
//   icon-maskable-512.png              full-bleed spruce square, artwork inside the 80% safe zone
//   apple-touch-icon.png (180x180)     opaque, iOS rounds the corners itself
//   favicon-16.png, favicon-32.png     PNG favicons
//   badge-96.png                       the console's alert badge (public/push-handler.js): the
//                                      mountains in white on transparent, which Android draws in
//                                      one colour from the transparency
//   ../favicon.ico                     16, 32 and 48 px in one file, for browsers and crawlers
//                                      that ask for /favicon.ico whatever the page links
// Run `node scripts/generate-icons.mjs` after changing the SVG; the PNGs are committed.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { root } from './pocketbase.mjs'

const dir = join(root, 'public/icons')
const svg = readFileSync(join(dir, 'icon.svg'))
// The icon's own square colour, so padding and corners blend into the artwork.
const SPRUCE = '#1f4d3a'

/**
 * The SVG rasterised at `size` px (density scales the 64-unit viewBox before resizing).
 * @param {number} size
 */
function render(size) {
  return sharp(svg, { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png()
    .toBuffer()
}

/**
 * The mountains alone at `size` px: the square left out, every shape white.
 * @param {number} size
 */
function renderSilhouette(size) {
  const shapes = svg
    .toString('utf8')
    .replace(/<rect\b[^>]*\/>/, '')
    .replace(/fill="#[0-9a-fA-F]{3,6}"/g, 'fill="#ffffff"')
  return sharp(Buffer.from(shapes), { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png()
    .toBuffer()
}

/**
 * The artwork at `scale` of `size`, centred on an opaque spruce square.
 * @param {number} size
 * @param {number} scale
 */
async function onSpruce(size, scale) {
  const inner = Math.round(size * scale)
  const offset = Math.round((size - inner) / 2)
  return sharp({ create: { width: size, height: size, channels: 4, background: SPRUCE } })
    .composite([{ input: await render(inner), left: offset, top: offset }])
    .flatten({ background: SPRUCE })
    .png()
    .toBuffer()
}

/** @type {[string, () => Promise<Buffer>][]} */
const outputs = [
  ['icon-192.png', () => render(192)],
  ['icon-512.png', () => render(512)],
  // Maskable: launchers crop to a circle or squircle of 80% diameter; at 75% the mountains stay inside.
  ['icon-maskable-512.png', () => onSpruce(512, 0.75)],
  ['apple-touch-icon.png', () => onSpruce(180, 1)],
  ['favicon-16.png', () => render(16)],
  ['favicon-32.png', () => render(32)],
  ['badge-96.png', () => renderSilhouette(96)],
]

/**
 * An .ico holding PNG images (every browser since IE reads PNG entries).
 * @param {{ size: number, png: Buffer }[]} images
 */
function icoOf(images) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  const entries = []
  let offset = 6 + 16 * images.length
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0) // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1) // height
    entry.writeUInt8(0, 2) // no palette
    entry.writeUInt8(0, 3) // reserved
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    entries.push(entry)
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)])
}

for (const [name, make] of outputs) {
  const file = join(dir, name)
  await sharp(await make())
    .png({ compressionLevel: 9 })
    .toFile(file)
  const { width, height } = await sharp(file).metadata()
  console.log(`${name}: ${width}x${height}`)
}

const icoSizes = [16, 32, 48]
const ico = icoOf(
  await Promise.all(
    icoSizes.map(async (size) => ({
      size,
      png: await sharp(await render(size))
        .png({ compressionLevel: 9 })
        .toBuffer(),
    })),
  ),
)
writeFileSync(join(root, 'public/favicon.ico'), ico)
console.log(`favicon.ico: ${icoSizes.join(', ')} px`)
