import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from './toast.ts'
import { type Trpc, useTRPC } from './trpc.tsx'

/** How long typing pauses before a text filter reaches the URL, in every admin list. */
const FILTER_DELAY_MS = 350

type TextFilters<K extends string> = Partial<Record<K, string>>

const trimmed = (value: string | undefined) => (value ?? '').trim()

/** The trimmed texts, an empty one as undefined: what goes into the URL. */
function typedTexts<K extends string>(keys: readonly K[], draft: TextFilters<K>): TextFilters<K> {
  return Object.fromEntries(keys.map((key) => [key, trimmed(draft[key]) || undefined])) as TextFilters<K>
}

/** The callback of the latest render, for a timer or an effect that must not restart when it changes. */
function useLatest<T>(value: T) {
  const ref = useRef(value)
  ref.current = value
  return ref
}

/**
 * The text filters of an admin list. The fields follow the URL when it changes from outside (back button, 'Azzera filtri');
 * the URL follows the fields once typing pauses, through `apply`. `keys` must be a constant.
 */
export function useUrlFilters<K extends string>(keys: readonly K[], inUrl: TextFilters<K>, apply: (texts: TextFilters<K>) => void) {
  const [draft, setDraft] = useState<TextFilters<K>>(() => typedTexts(keys, inUrl))
  const urlTexts = keys.map((key) => inUrl[key] ?? '').join('\n')
  const [followed, setFollowed] = useState(urlTexts)
  if (followed !== urlTexts) {
    setFollowed(urlTexts)
    // A trailing space being typed is kept: the URL holds the trimmed value.
    setDraft((previous) => {
      const next: TextFilters<K> = {}
      for (const key of keys) next[key] = trimmed(previous[key]) === (inUrl[key] ?? '') ? previous[key] : inUrl[key]
      return next
    })
  }

  const latest = useLatest({ inUrl, apply })
  useEffect(() => {
    const timer = setTimeout(() => {
      const { inUrl, apply } = latest.current
      if (keys.some((key) => trimmed(draft[key]) !== (inUrl[key] ?? ''))) apply(typedTexts(keys, draft))
    }, FILTER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draft, keys, latest])

  return {
    draft,
    type: (key: K, value: string) => setDraft((previous) => ({ ...previous, [key]: value })),
    /** The texts as typed so far, for a change applied at once (a select, the submit). */
    typed: () => typedTexts(keys, draft),
    clear: () => setDraft({}),
  }
}

export type UrlFilters<K extends string> = ReturnType<typeof useUrlFilters<K>>

/** Moves an admin list to another page through the address; `replace` when the history should not keep the page left. */
export type GoToPage = (page: number, replace?: boolean) => void

/**
 * Around an admin list's query: after the last row of the last page goes, the page before is shown
 * (through `goToPage`, replacing the address); a failed load says so in a toast, beside the list's own error state.
 */
export function useListPage(list: { data?: { pageCount: number }; isError: boolean }, page: number, goToPage: GoToPage, failure: string) {
  const lastPage = list.data?.pageCount ?? 0
  const latestGoToPage = useLatest(goToPage)
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) latestGoToPage.current(lastPage, true)
  }, [lastPage, page, latestGoToPage])
  useLoadFailureToast(list.isError, failure)
}

/**
 * The list of an admin screen whose address holds its page (`search`): the list's query, which keeps the rows shown while
 * the next page loads, and its goToPage, the same address with another page; useListPage around them.
 */
export function useListScreen<Search extends { page: number }, Data extends { pageCount: number }, Error, Key extends QueryKey>(
  search: Search,
  navigate: (options: { search: Search; replace: boolean }) => Promise<void>,
  options: (trpc: Trpc) => UseQueryOptions<Data, Error, Data, Key>,
  failure: string,
) {
  const list = useQuery({ ...options(useTRPC()), placeholderData: keepPreviousData })
  const goToPage: GoToPage = (page, replace = false) => void navigate({ search: { ...search, page }, replace })
  useListPage(list, search.page, goToPage, failure)
  return { list, goToPage }
}

/** The leads and requesters lists both change when a lead or a requester's data goes: this re-reads them. */
export function useRefreshLeadLists() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.leads.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.requesters.list.queryKey() }),
    ])
}

/** A failed load says so once in a toast. */
export function useLoadFailureToast(failed: boolean, description: string) {
  useEffect(() => {
    if (failed) toast({ title: 'Errore Caricamento Dati', description, variant: 'destructive' })
  }, [failed, description])
}
