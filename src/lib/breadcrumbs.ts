import { findCategory, findComune, findService, parseServiceInTownParam } from '../catalog/index.ts'

export type Crumb = { label: string; path: string }

const staticLabels: Record<string, string> = {
  'chi-siamo': 'Chi Siamo',
  'i-nostri-artigiani': 'I nostri Artigiani',
  'zone-servite': 'Zone Servite',
  'area-artigiani': 'Area Artigiani',
  'privacy-policy': 'Privacy Policy',
  contattaci: 'Contattaci',
  'thank-you': 'Richiesta inviata',
  'artisan-thank-you': 'Candidatura inviata',
}

function labelOf(segment: string): string {
  const decoded = decodeURIComponent(segment)
  return (
    staticLabels[decoded] ??
    findService(decoded)?.name ??
    findCategory(decoded)?.name ??
    findComune(decoded)?.name ??
    decoded.replace(/-/g, ' ').replace(/^\p{L}/u, (c) => c.toUpperCase())
  )
}

/** The breadcrumb trail of a path, labels derived from it (SPEC 2.1); empty on the home page. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length === 0) return []
  const trail: Crumb[] = [{ label: 'Home', path: '/' }]
  if (segments[0] === 's' && segments[1]) {
    const parsed = parseServiceInTownParam(decodeURIComponent(segments[1]))
    // The label drops the check code: '{Service} a {Town}'.
    const label = parsed.ok
      ? `${parsed.service.name} a ${parsed.comune.name}`
      : labelOf(segments[1].split('-').slice(0, -1).join('-') || segments[1])
    trail.push({ label, path: pathname })
    return trail
  }
  let path = ''
  for (const segment of segments) {
    path += `/${segment}`
    trail.push({ label: labelOf(segment), path })
  }
  return trail
}
