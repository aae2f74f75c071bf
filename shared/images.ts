/** An image served from public/, with its intrinsic size so the layout never shifts. */
export type SiteImage = { src: string; width: number; height: number }

/** The illustration of a service (public/images/servizi, made by scripts/generate-images.ts). */
export function serviceImage(serviceId: string): SiteImage {
  return { src: `/images/servizi/${serviceId}.svg`, width: 480, height: 320 }
}

/** The portrait of a team member on the about page. */
export function teamImage(slug: string): SiteImage {
  return { src: `/images/team/${slug}.svg`, width: 160, height: 160 }
}
