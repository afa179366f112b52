// Renders the app icons from ONE source, public/icons/icon.svg, with sharp:
//   icon-192.png, icon-512.png         manifest icons (purpose "any", transparent corners)
//   icon-maskable-512.png              full-bleed spruce square, artwork inside the 80% safe zone
//   apple-touch-icon.png (180x180)     opaque, iOS rounds the corners itself
// Run `node scripts/generate-icons.mjs` after changing the SVG; the PNGs are committed.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { root } from './pocketbase.mjs'

const dir = join(root, 'public/icons')
const svg = readFileSync(join(dir, 'icon.svg'))
// The icon's own square colour, so padding and corners blend into the artwork.
const SPRUCE = '#1f4d3a'

/** The SVG rasterised at `size` px (density scales the 64-unit viewBox before resizing). */
function render(size) {
  return sharp(svg, { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png()
    .toBuffer()
}

/** The artwork at `scale` of `size`, centred on an opaque spruce square. */
async function onSpruce(size, scale) {
  const inner = Math.round(size * scale)
  const offset = Math.round((size - inner) / 2)
  return sharp({ create: { width: size, height: size, channels: 4, background: SPRUCE } })
    .composite([{ input: await render(inner), left: offset, top: offset }])
    .flatten({ background: SPRUCE })
    .png()
    .toBuffer()
}

const outputs = [
  ['icon-192.png', () => render(192)],
  ['icon-512.png', () => render(512)],
  // Maskable: launchers crop to a circle or squircle of 80% diameter; at 75% the mountains stay inside.
  ['icon-maskable-512.png', () => onSpruce(512, 0.75)],
  ['apple-touch-icon.png', () => onSpruce(180, 1)],
]

for (const [name, make] of outputs) {
  const file = join(dir, name)
  await sharp(await make())
    .png({ compressionLevel: 9 })
    .toFile(file)
  const { width, height } = await sharp(file).metadata()
  console.log(`${name}: ${width}x${height}`)
}
