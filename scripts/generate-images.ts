// Draws the site's illustrations into public/images: one scene per service, the home hero, the team portraits,
// the share image and the logo. Run with `npx tsx scripts/generate-images.ts` after changing the catalog.
import fs from 'node:fs'
import path from 'node:path'
import * as icons from 'lucide-react'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { fnv1a32, services } from '#shared/catalog/index.ts'
import { launchBrowser } from '#tests/helpers/browser.ts'

const out = path.resolve(import.meta.dirname, '../public/images')
fs.mkdirSync(path.join(out, 'servizi'), { recursive: true })
fs.mkdirSync(path.join(out, 'team'), { recursive: true })

const palettes: Record<string, [string, string, string]> = {
  'servizi-casa': ['#fde68a', '#f59e0b', '#92400e'],
  'manutenzione-riparazioni': ['#fecaca', '#c81e1e', '#7f1d1d'],
  'sicurezza-tecnologia': ['#bfdbfe', '#1d4ed8', '#1e3a8a'],
  'servizi-specializzati': ['#bbf7d0', '#15803d', '#14532d'],
}

/** The inner elements of a lucide icon (24x24 grid, stroked). */
function iconBody(name: string): string {
  const component = (icons as unknown as Record<string, ComponentType<object>>)[name]
  if (!component) throw new Error(`lucide-react has no icon ${name}`)
  return renderToStaticMarkup(createElement(component))
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '')
}

const skyline = (y: number, fill: string) =>
  // Duomo spires, the Pirelli tower, Bosco Verticale, Torre Velasca: Milan in a few rectangles.
  `<g fill="${fill}">
    <rect x="10" y="${y - 40}" width="38" height="40"/><rect x="52" y="${y - 70}" width="22" height="70"/>
    <path d="M84 ${y}v-36l4-14 4 14 4-18 4 18 4-14 4 14 4-22 4 22 4-14 4 14v36z"/>
    <rect x="134" y="${y - 92}" width="16" height="92"/><rect x="154" y="${y - 58}" width="26" height="58"/>
    <path d="M186 ${y}v-62h24v-14h-6v-6h20v6h-6v14h2v62z"/>
    <rect x="226" y="${y - 48}" width="30" height="48"/><rect x="260" y="${y - 104}" width="18" height="104"/>
  </g>`

function serviceScene(id: string, iconName: string, category: string): string {
  const [light, mid, dark] = palettes[category]!
  const h = fnv1a32(id)
  const windowX = 36 + (h % 40)
  const dots = Array.from({ length: 7 }, (_, i) => {
    const v = fnv1a32(`${id}-${i}`)
    return `<circle cx="${270 + (v % 190)}" cy="${24 + ((v >> 8) % 150)}" r="${3 + ((v >> 16) % 5)}" fill="#fff" opacity="0.55"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e0f2fe"/><stop offset="1" stop-color="#fff7ed"/></linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-color="${dark}" flood-opacity="0.35"/></filter>
  </defs>
  <rect width="480" height="320" fill="url(#bg)"/>
  ${dots}
  <rect x="${windowX}" y="40" width="150" height="150" rx="6" fill="#fff" opacity="0.9"/>
  <rect x="${windowX + 8}" y="48" width="134" height="134" rx="3" fill="url(#sky)"/>
  <svg x="${windowX + 8}" y="48" width="134" height="134" viewBox="0 0 280 180" preserveAspectRatio="xMidYMax slice">${skyline(180, '#94a3b8')}</svg>
  <rect x="${windowX + 73}" y="48" width="4" height="134" fill="#fff"/><rect x="${windowX + 8}" y="113" width="134" height="4" fill="#fff"/>
  <rect x="0" y="250" width="480" height="70" fill="${dark}" opacity="0.85"/>
  <rect x="0" y="246" width="480" height="6" fill="#fff" opacity="0.35"/>
  <g opacity="0.25" stroke="#fff" stroke-width="2">${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 60}" y1="252" x2="${i * 60 - 40}" y2="320"/>`).join('')}</g>
  <circle cx="330" cy="160" r="92" fill="#fff" filter="url(#shadow)"/>
  <circle cx="330" cy="160" r="78" fill="${light}" opacity="0.55"/>
  <svg x="270" y="100" width="120" height="120" viewBox="0 0 24 24" fill="none" stroke="${dark}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${iconBody(iconName)}</svg>
</svg>
`
}

function heroScene(): string {
  const bubbles: [string, number, number, string][] = [
    ['Zap', 84, 96, '#c81e1e'],
    ['PaintRoller', 456, 80, '#f59e0b'],
    ['Droplets', 482, 260, '#1d4ed8'],
    ['Wrench', 70, 300, '#15803d'],
  ]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="480" viewBox="0 0 560 480">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#fff1f2"/></linearGradient>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="8" stdDeviation="10" flood-color="#1f2937" flood-opacity="0.18"/></filter>
  </defs>
  <rect x="20" y="20" width="520" height="440" rx="36" fill="url(#sky)"/>
  <svg x="20" y="120" width="520" height="240" viewBox="0 0 280 180" preserveAspectRatio="xMidYMax slice">${skyline(180, '#cbd5e1')}</svg>
  <path d="M20 356h520v68a36 36 0 0 1-36 36H56a36 36 0 0 1-36-36z" fill="#fca5a5"/>
  <g filter="url(#shadow)">
    <path d="M170 380V240l110-86 110 86v140z" fill="#fff"/>
    <path d="M150 250l130-104 130 104" fill="none" stroke="#c81e1e" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <rect x="254" y="300" width="52" height="80" rx="4" fill="#a61b1b"/>
  <circle cx="296" cy="342" r="4" fill="#fde68a"/>
  <rect x="196" y="262" width="44" height="44" rx="4" fill="#bfdbfe"/><rect x="320" y="262" width="44" height="44" rx="4" fill="#bfdbfe"/>
  <path d="M218 262v44M196 284h44M342 262v44M320 284h44" stroke="#fff" stroke-width="4"/>
  <g transform="translate(372 330)">
    <circle r="46" fill="#15803d" filter="url(#shadow)"/>
    <svg x="-26" y="-26" width="52" height="52" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${iconBody('BadgeCheck')}</svg>
  </g>
  ${bubbles
    .map(
      ([name, x, y, color]) => `<g transform="translate(${x} ${y})"><circle r="38" fill="#fff" filter="url(#shadow)"/>
    <svg x="-20" y="-20" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${iconBody(name)}</svg></g>`,
    )
    .join('\n  ')}
</svg>
`
}

const team = [
  { slug: 'giulia-ferrari', bg: '#fee2e2', skin: '#f1c7a5', hair: '#7c2d12', shirt: '#c81e1e', long: true },
  { slug: 'marco-colombo', bg: '#dbeafe', skin: '#e0b48f', hair: '#1f2937', shirt: '#1d4ed8', long: false },
  { slug: 'sara-bianchi', bg: '#fef3c7', skin: '#f5d0b5', hair: '#a16207', shirt: '#0f766e', long: true },
  { slug: 'luca-rossi', bg: '#dcfce7', skin: '#c68d6a', hair: '#292524', shirt: '#15803d', long: false },
  { slug: 'elena-galli', bg: '#ede9fe', skin: '#eec1a0', hair: '#451a03', shirt: '#7c3aed', long: true },
  { slug: 'davide-conti', bg: '#e0f2fe', skin: '#d9a77f', hair: '#57534e', shirt: '#334155', long: false },
]

function portrait({ bg, skin, hair, shirt, long }: (typeof team)[number]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
  <rect width="160" height="160" rx="80" fill="${bg}"/>
  <clipPath id="c"><circle cx="80" cy="80" r="80"/></clipPath>
  <g clip-path="url(#c)">
    ${long ? `<path d="M44 70c0-26 16-42 36-42s36 16 36 42v52H44z" fill="${hair}"/>` : ''}
    <path d="M28 160c4-30 24-46 52-46s48 16 52 46z" fill="${shirt}"/>
    <path d="M68 100h24v20a12 12 0 0 1-24 0z" fill="${skin}"/>
    <ellipse cx="80" cy="74" rx="26" ry="30" fill="${skin}"/>
    <path d="M53 70c0-22 12-36 27-36s27 14 27 36c-8-10-18-16-27-16s-19 6-27 16z" fill="${hair}"/>
    <circle cx="70" cy="78" r="2.6" fill="#1f2937"/><circle cx="90" cy="78" r="2.6" fill="#1f2937"/>
    <path d="M71 90q9 7 18 0" fill="none" stroke="#9a3412" stroke-width="2.4" stroke-linecap="round"/>
  </g>
</svg>
`
}

for (const service of services) {
  fs.writeFileSync(path.join(out, 'servizi', `${service.id}.svg`), serviceScene(service.id, service.icon, service.categorySlug))
}
fs.writeFileSync(path.join(out, 'hero-artigiani.svg'), heroScene())
for (const member of team) fs.writeFileSync(path.join(out, 'team', `${member.slug}.svg`), portrait(member))

// Social networks and search engines want raster images: the share card and the logo are screenshots.
const browser = await launchBrowser()
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
  const hero = fs.readFileSync(path.join(out, 'hero-artigiani.svg'), 'utf8')
  await page.setContent(`<body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;gap:40px;background:linear-gradient(135deg,#fef2f2,#fff 55%,#eff6ff);font-family:system-ui,sans-serif">
    <div style="padding-left:72px;flex:1"><div style="display:inline-block;background:#c81e1e;color:#fff;font-weight:800;font-size:34px;padding:10px 18px;border-radius:10px">Artigiani Milano</div>
    <h1 style="font-size:64px;line-height:1.05;color:#1f2937;margin:28px 0 18px">Il tuo artigiano di fiducia a Milano e provincia</h1>
    <p style="font-size:30px;color:#4b5563;margin:0">Preventivi gratuiti e senza impegno</p></div>
    <div style="width:520px;padding-right:40px">${hero.replace('width="560" height="480"', 'width="520" height="446"')}</div></body>`)
  await page.screenshot({ path: path.join(out, 'og-artigiani-milano.png') })
  await page.setViewportSize({ width: 512, height: 512 })
  await page.setContent(`<body style="margin:0;width:512px;height:512px;display:flex;align-items:center;justify-content:center;background:#c81e1e">
    <svg width="300" height="300" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${iconBody('HouseWifi').replace(/<path d="M12 \d[^"]*"[^>]*\/>/, '')}${''}</svg></body>`)
  await page.screenshot({ path: path.join(out, 'logo-artigiani-milano.png') })
} finally {
  await browser.close()
}
console.log(`wrote ${services.length} service scenes, the hero, ${team.length} portraits, the share image and the logo into ${out}`)
