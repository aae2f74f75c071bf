import type { ComponentType, ReactElement } from 'react'
import type { IslandName } from './registry.ts'

/**
 * When an island's code loads and hydrates its server HTML:
 * - `interaction`: the visitor reaches for it (pointer over it, a touch, focus, a key, a send);
 * - `visible`: it scrolls near the viewport;
 * - `idle`: the page has settled;
 * - `carried`: at once when the visitor arrives with an address chosen on the page before, otherwise on interaction.
 */
export type HydrateWhen = 'interaction' | 'visible' | 'idle' | 'carried'

type RenderIsland = (element: ReactElement, identifierPrefix: string) => string
let renderOnServer: RenderIsland | undefined

/** Set once by the server renderer: an island's HTML is a React root of its own, as the browser hydrates it. */
export function setIslandRenderer(render: RenderIsland) {
  renderOnServer = render
}

/** The prefix of useId values inside an island, the same on the server and in the browser. */
export const islandIdPrefix = (name: string) => `${name}-`

/** JSON inside a script element: every '<' escaped, so no '</script>' or '<!--' in the data can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * An interactive part of a public page (docs/decisions/023-islands-on-public-pages.md). The server renders it with the
 * page, as its own React root, and writes its props beside it; the browser loads React and the component only when
 * `hydrate` says so (src/islands/boot.ts), and hydrates that root alone. Everything outside islands stays plain HTML.
 *
 * `props` travel as JSON: plain data only. Rendered in the browser by the back office's router (a client-side
 * navigation), the component simply renders.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrate = 'interaction',
}: {
  name: IslandName
  component: ComponentType<P>
  props: P
  hydrate?: HydrateWhen
}) {
  const element = <Component {...props} />
  return (
    <div data-island={name} data-hydrate={hydrate} className="contents">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every '<' escaped, read by the island's hydration */}
      <script type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
      {renderOnServer ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server rendering, by React
        <div data-island-root="" className="contents" dangerouslySetInnerHTML={{ __html: renderOnServer(element, islandIdPrefix(name)) }} />
      ) : (
        <div data-island-root="" className="contents">
          {element}
        </div>
      )}
    </div>
  )
}
