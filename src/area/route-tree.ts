/**
 * The route tree the craftsmen's area hydrates with: the root and the /artigiano routes of src/routeTree.gen.ts, with
 * the same ids and paths (tests/area-route-tree.test.ts compares the two), and nothing of the public site or the back
 * office, whose route options (their loaders, search schemas and heads) would otherwise travel with every area page.
 */
import type { AnyRoute } from '@tanstack/react-router'
import { Route as rootRoute } from '../routes/__root.tsx'
import { Route as AccediRoute } from '../routes/artigiano/accedi.tsx'
import { Route as CodiceRoute } from '../routes/artigiano/codice.tsx'
import { Route as DisponibilitaRoute } from '../routes/artigiano/disponibilita.tsx'
import { Route as IndexRoute } from '../routes/artigiano/index.tsx'
import { Route as NotificheRoute } from '../routes/artigiano/notifiche.tsx'
import { Route as NumeriRoute } from '../routes/artigiano/numeri.tsx'
import { Route as OfferteRoute } from '../routes/artigiano/offerte.tsx'
import { Route as ProfiloRoute } from '../routes/artigiano/profilo.tsx'
import { Route as RecensioniRoute } from '../routes/artigiano/recensioni.tsx'
import { Route as AreaRoute } from '../routes/artigiano/route.tsx'
import { Route as ZoneRoute } from '../routes/artigiano/zone.tsx'

/** The area's pages under /artigiano, as the generated tree names them: child route and its path segment. */
const PAGES: [route: AnyRoute, segment: string][] = [
  [IndexRoute, '/'],
  [AccediRoute, '/accedi'],
  [CodiceRoute, '/codice'],
  [DisponibilitaRoute, '/disponibilita'],
  [NotificheRoute, '/notifiche'],
  [NumeriRoute, '/numeri'],
  [OfferteRoute, '/offerte'],
  [ProfiloRoute, '/profilo'],
  [RecensioniRoute, '/recensioni'],
  [ZoneRoute, '/zone'],
]

// Each file route takes its place in the tree the way the generated tree places it (update + _addFileChildren).
// biome-ignore lint/suspicious/noExplicitAny: the generated tree calls update with the same untyped options
type Placeable = { update: (options: any) => AnyRoute }
const area = (AreaRoute as unknown as Placeable).update({ id: '/artigiano', path: '/artigiano', getParentRoute: () => rootRoute })
const pages = Object.fromEntries(
  PAGES.map(([route, segment]) => [segment, (route as unknown as Placeable).update({ id: segment, path: segment, getParentRoute: () => area })]),
)

export const areaRouteTree = rootRoute._addFileChildren({
  area: (area as AnyRoute & { _addFileChildren: (children: object) => AnyRoute })._addFileChildren(pages),
})
