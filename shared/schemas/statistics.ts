import { z } from 'zod'
import { isCalendarDay } from '../italian-time.ts'
import { filterDay } from './admin-leads.ts'

export const MAX_PERIOD_DAYS = 731
export const PERIOD_INVALID = 'Scegli un periodo valido: la data di inizio non può essere successiva a quella di fine.'
export const PERIOD_TOO_LONG = 'Il periodo può coprire al massimo due anni.'
export const COST_INVALID = 'Inserisci un costo in euro, da 0 a 1.000.000.'
export const MONTH_INVALID = 'Scegli un mese valido.'
export const SOURCE_REQUIRED = 'Indica la campagna.'

/** A day of a period the office picks (Statistiche, a campaign's segment): YYYY-MM-DD, and a day that exists. */
export const periodDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PERIOD_INVALID)
  .refine(isCalendarDay, PERIOD_INVALID)
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/** A period of Italian days, both included, as the Statistiche screen picks it. */
export const statisticsPeriodSchema = z
  .object({ from: periodDay, to: periodDay })
  .refine(({ from, to }) => from <= to, PERIOD_INVALID)
  .refine(({ from, to }) => daysBetween(from, to) < MAX_PERIOD_DAYS, PERIOD_TOO_LONG)

/** What a campaign (its source as the statistics name it) cost in a month; null removes the figure. */
export const campaignCostSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_INVALID),
  source: z.string().trim().min(1, SOURCE_REQUIRED).max(200, SOURCE_REQUIRED),
  cost: z
    .number({ error: COST_INVALID })
    .min(0, COST_INVALID)
    .max(1_000_000, COST_INVALID)
    .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, COST_INVALID)
    .nullable(),
})

export type StatisticsPeriod = z.infer<typeof statisticsPeriodSchema>

export const STATISTICS_PERIODS = ['today', '7', '30', '90', 'custom'] as const

/** The search params of 'Statistiche': today, the last 7, 30 or 90 Italian days, or a custom range (checked again by the procedure). */
export const statisticsSearchSchema = z.object({
  // The router reads a typed ?period=7 as the number 7.
  period: z.enum(STATISTICS_PERIODS).catch(({ input }) => STATISTICS_PERIODS.find((period) => period === String(input)) ?? '30'),
  from: filterDay,
  to: filterDay,
})
export type StatisticsSearch = z.infer<typeof statisticsSearchSchema>
