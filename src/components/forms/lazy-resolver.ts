import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

type Schema = z.ZodType<FieldValues, FieldValues>
export type LazyResolver<S extends Schema> = Resolver<z.input<S>, unknown, z.output<S>> & { preload: () => Promise<unknown> }

/**
 * react-hook-form's zod resolver, with the schema (and zod, about 37 KB gzip) loaded on the first validation or on
 * `preload`: a form hydrates with its fields and their handlers, not with the rules it checks them by.
 */
export function lazyZodResolver<S extends Schema>(load: () => Promise<S>): LazyResolver<S> {
  type Loaded = Resolver<z.input<S>, unknown, z.output<S>>
  let loading: Promise<Loaded> | undefined
  const preload = () => {
    loading ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Loaded,
      (error: unknown) => {
        // A failed download is tried again by the next validation.
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const resolver: Loaded = async (values, context, options) => (await preload())(values, context, options)
  return Object.assign(resolver, { preload })
}
