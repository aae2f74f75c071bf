import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '#server/trpc/router.ts'
import { type AdminData, createQueryClient } from './admin-query.ts'
import { trpcClient } from './trpc-client.ts'

export { attachToRouter } from './admin-query.ts'

export async function createBrowserAdmin(): Promise<AdminData> {
  const queryClient = createQueryClient()
  return { queryClient, trpc: createTRPCOptionsProxy<AppRouter>({ client: await trpcClient(), queryClient }) }
}
