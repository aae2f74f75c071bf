import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seedBackOffice, serveBackOffice } from '../helpers/back-office-pages.ts'

const ADMIN = { email: 'tabelle@artigianimilano.it', password: 'password-di-prova-2026' }

/**
 * Every back-office list and the name of its cards on a phone, then the lists in dialogs: the button that opens one, its
 * list's name. `whole`: every text of its rows shows in full, none cut by an ellipsis.
 */
const LISTS: { path: string; cards: string; dialog?: RegExp; whole?: boolean }[] = [
  { path: '/admin/leads', cards: 'Preventivi', whole: true },
  { path: '/admin/users', cards: 'Utenti', whole: true },
  { path: '/admin/artisans', cards: 'Artigiani', whole: true },
  { path: '/admin/newsletter', cards: 'Campagne' },
  { path: '/admin/users', cards: 'Richieste', dialog: /^Visualizza le richieste di/, whole: true },
]

const office = serveBackOffice(ADMIN, { prepare: (server) => seedBackOffice(server.databasePath) })

/** Each list at that width, its dialog open when the list is in one. */
function eachList(width: number, check: (list: (typeof LISTS)[number], page: Page) => Promise<void>) {
  return office.inTurn(
    LISTS.map((list) => ({ ...list, width })),
    async ({ page }, list) => {
      if (list.dialog) {
        await page.getByRole('button', { name: list.dialog }).first().click()
        await page.getByRole('dialog').waitFor()
      }
      await check(list, page)
    },
  )
}

/**
 * For each visible table: how far it scrolls sideways, and the header cells (with the row cells of its last column,
 * the actions) that end beyond what its box or the window shows.
 */
function tablesOverflow(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .filter((table) => table.getClientRects().length > 0)
      .map((table) => {
        const box = (table.closest('[data-slot="table-container"]') ?? table).getBoundingClientRect()
        const right = Math.min(box.right, window.innerWidth)
        const lastCells = [...table.querySelectorAll('tbody tr')].map((row) => row.lastElementChild).filter((cell) => cell !== null)
        const cut = [...table.querySelectorAll('th'), ...lastCells]
          .filter((cell) => cell.getBoundingClientRect().right > right + 1)
          .map((cell) => cell.textContent?.trim() || cell.innerHTML.slice(0, 60))
        const container = table.parentElement!
        return { scroll: container.scrollWidth - container.clientWidth, cut }
      }),
  )
}

/**
 * The texts of the visible rows (table cells or cards) that do not fit their box: cut by an ellipsis or hidden
 * overflow, or spilling over the next cell. Inline elements have no box of their own: their block says it.
 */
function clippedTexts(page: Page, rows: string) {
  return page.evaluate((selector) => {
    const blocks = [...document.querySelectorAll(selector)]
      .filter((row) => row.getClientRects().length > 0)
      .flatMap((row) => [...row.querySelectorAll('*')])
      .filter((element) => getComputedStyle(element).display !== 'inline' && element.clientWidth > 0)
    return blocks.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent?.trim())
  }, rows)
}

describe('the back-office lists', () => {
  for (const width of [1280, 1440]) {
    it(`show every column, status and actions included, without scrolling sideways at ${width} px`, async () => {
      await eachList(width, async (list, page) => {
        const { path } = list
        await expect.poll(() => page.locator('table:visible tbody tr').count(), { message: path }).toBeGreaterThan(0)
        expect({ path, page: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) }).toEqual({ path, page: 0 })
        const tables = await tablesOverflow(page)
        expect({ path, tables }).toEqual({ path, tables: tables.map(() => ({ scroll: 0, cut: [] })) })
        if (list.whole) expect({ path, clipped: await clippedTexts(page, 'table tr') }).toEqual({ path, clipped: [] })
      })
    })
  }

  it('are cards, not tables, on a 375 px phone', async () => {
    await eachList(375, async (screen, page) => {
      const { path, cards } = screen
      const list = page.getByRole('list', { name: cards, exact: true })
      await expect.poll(() => list.getByRole('listitem').count(), { message: `${path} ${cards}` }).toBeGreaterThan(0)
      // Each card carries its actions, or its link to the lead.
      expect(
        await list
          .getByRole('listitem')
          .first()
          .getByRole(screen.dialog ? 'link' : 'button')
          .count(),
      ).toBeGreaterThan(0)
      expect({ path, tables: await page.locator('table:visible').count() }).toEqual({ path, tables: 0 })
      expect({ path, page: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) }).toEqual({ path, page: 0 })
      if (screen.whole) expect({ path, clipped: await clippedTexts(page, `ul[aria-label="${cards}"] > li`) }).toEqual({ path, clipped: [] })
    })
  })
})
