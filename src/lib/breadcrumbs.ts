export type Crumb = { label: string; path: string }

const staticLabels: Record<string, string> = {
  'chi-siamo': 'Chi Siamo',
  'i-nostri-artigiani': 'I nostri Artigiani',
  'zone-servite': 'Zone Servite',
  'area-artigiani': 'Area Artigiani',
  'privacy-policy': 'Privacy Policy',
  'come-verifichiamo-le-recensioni': 'Come verifichiamo le recensioni',
  contattaci: 'Contattaci',
  'thank-you': 'Richiesta inviata',
  'messaggio-inviato': 'Messaggio inviato',
  'artisan-thank-you': 'Candidatura inviata',
}

const prettify = (segment: string) => segment.replace(/-/g, ' ').replace(/^\p{L}/u, (c) => c.toUpperCase())

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const home: Crumb = { label: 'Home', path: '/' }

/** The trail of a page that does not exist, named `label`: the segments of its address are not pages, so none is a crumb. */
export const notFoundTrail = (pathname: string, label: string): Crumb[] => [home, { label, path: pathname }]

/**
 * The breadcrumb trail of a path, labels derived from it (docs/product.md §2.1); empty on the home page.
 * `pageLabel` names the last crumb when the page knows better than its path (a service, a town).
 */
export function breadcrumbTrail(pathname: string, pageLabel?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).map(decode)
  if (segments.length === 0) return []
  const trail: Crumb[] = [home]
  if (segments[0] === 's' && segments.length === 2) {
    // '{Service} a {Town}': the last dash-separated part (the check code) is dropped.
    trail.push({ label: pageLabel ?? prettify(segments[1]!.split('-').slice(0, -1).join('-') || segments[1]!), path: pathname })
    return trail
  }
  let path = ''
  segments.forEach((segment, index) => {
    path += `/${segment}`
    const last = index === segments.length - 1
    trail.push({ label: (last && pageLabel) || staticLabels[segment] || prettify(segment), path })
  })
  return trail
}
