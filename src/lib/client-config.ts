import { rootRouteId, useLoaderData } from '@tanstack/react-router'

/** Public identifiers the browser needs (Maps key, Ads id), read by the root route's loader; null when not configured. */
export function useClientConfig() {
  return useLoaderData({ from: rootRouteId })
}
