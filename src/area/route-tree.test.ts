import { describe, expect, it } from 'vitest'

type Node = { options: { id?: string; path?: string }; children?: Record<string, Node> | Node[] }

/** The routes of a tree from the root down, by their place: parent's id joined with the route's own. */
function routesOf(root: Node): string[] {
  const found: string[] = []
  const visit = (node: Node, parent: string) => {
    for (const child of Object.values(node.children ?? {})) {
      const id = `${parent}${child.options.id}`
      found.push(`${id} (path ${child.options.path})`)
      visit(child, id === '/' ? '' : id)
    }
  }
  visit(root, '')
  return found
}

describe("the craftsmen's area route tree", () => {
  it('holds the root and every /artigiano route of the generated tree, placed as the generated tree places them, and nothing else', async () => {
    // The area's tree places the same route objects: read the generated one first, before the area's takes the root's children.
    const generated = routesOf((await import('../routeTree.gen.ts')).routeTree as unknown as Node).filter((route) => route.startsWith('/artigiano'))
    expect(generated.length).toBeGreaterThan(5)
    const area = routesOf((await import('./route-tree.ts')).areaRouteTree as unknown as Node)
    expect(area.sort()).toEqual(generated.sort())
    // Loading every route module of the site takes a few seconds on a busy machine.
  }, 60_000)
})
