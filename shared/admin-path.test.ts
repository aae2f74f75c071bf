import { describe, expect, it } from 'vitest'
import { isAdminPath } from './admin-path.ts'

describe('isAdminPath', () => {
  it('tells admin paths whatever the case of their letters', () => {
    for (const path of ['/admin', '/ADMIN', '/Admin/leads', '/admin/']) expect(isAdminPath(path), path).toBe(true)
    for (const path of ['/administrator', '/adminx', '/', '/trpc/admin.leads.list']) expect(isAdminPath(path), path).toBe(false)
  })
})
