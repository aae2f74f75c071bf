/**
 * Back-office pages, whatever the case of their letters (the router matches paths case-insensitively): the server
 * renders them with the whole application and their TanStack Query data, and the browser hydrates it.
 */
export function isAdminPath(path: string): boolean {
  const lower = path.toLowerCase()
  return lower === '/admin' || lower.startsWith('/admin/')
}
