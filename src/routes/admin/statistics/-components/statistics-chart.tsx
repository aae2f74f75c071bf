import { useEffect, useState } from 'react'
import { Bar, CartesianGrid, Cell, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { countOf } from '#shared/plural.ts'

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', timeZone: 'UTC' })

const REQUESTS = '#c81e1e'
const VISITS = '#1d4ed8'

/** The request bars' cells (direct children of the Bar, as recharts reads them): the day or hour going on drawn lighter and dashed. */
function requestCells<P extends { partial: boolean }>(points: P[], key: (point: P) => string | number) {
  return points.map((point) => (
    <Cell
      key={key(point)}
      data-partial={point.partial || undefined}
      fillOpacity={point.partial ? 0.35 : 1}
      stroke={point.partial ? REQUESTS : undefined}
      strokeDasharray={point.partial ? '3 2' : undefined}
    />
  ))
}

type Day = { day: string; visits: number; requests: number }
/** A day as drawn: today's visits on a dashed segment of their own (from yesterday's point), not on the solid line. */
type Point = Day & { done: number | null; ongoing: number | null; partial: boolean }

function ChartTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: Point }> }) {
  const point = payload?.[0]?.payload
  if (!active || !point) return null
  return (
    <div className="rounded-md border border-gray-200 bg-white px-3 py-2 text-xs shadow-sm">
      <p className="font-medium">
        {dayLabel(point.day)}
        {point.partial ? ' (oggi, in corso)' : ''}
      </p>
      <p style={{ color: REQUESTS }}>{countOf(point.requests, 'richiesta', 'richieste')}</p>
      <p style={{ color: VISITS }}>{countOf(point.visits, 'visita', 'visite')}</p>
    </div>
  )
}

/** The legend, in the page rather than in the chart, so a reader and a screen reader meet it once. */
function ChartLegend({ partial }: { partial: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      <li className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-sm" style={{ background: REQUESTS }} aria-hidden />
        Richieste
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-block h-0.5 w-4" style={{ background: VISITS }} aria-hidden />
        Visite
      </li>
      {partial ? (
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm border border-dashed" style={{ background: `${REQUESTS}59`, borderColor: REQUESTS }} aria-hidden />
          <span className="inline-block w-4 border-t-2 border-dashed" style={{ borderColor: VISITS }} aria-hidden />
          Oggi, in corso
        </li>
      ) : null}
    </ul>
  )
}

/**
 * Requests (bars) and visits (line, on its own axis) per Italian day; today, still going on, drawn lighter and dashed
 * rather than as a fall. Drawn after hydration because it measures its box.
 */
export function StatisticsChart({ days, today }: { days: Day[]; today: string }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const requests = days.reduce((sum, d) => sum + d.requests, 0)
  const visits = days.reduce((sum, d) => sum + d.visits, 0)
  const partial = days.at(-1)?.day === today
  const points: Point[] = days.map((d, i) => {
    const isToday = partial && i === days.length - 1
    const beforeToday = partial && i === days.length - 2
    return { ...d, partial: isToday, done: isToday ? null : d.visits, ongoing: isToday || beforeToday ? d.visits : null }
  })
  const summary = `Richieste e visite al giorno: ${countOf(requests, 'richiesta', 'richieste')} e ${countOf(visits, 'visita', 'visite')} nel periodo${partial ? '; oggi è in corso' : ''}`
  return (
    <div className="grid gap-2">
      <ChartLegend partial={partial} />
      <figure className="h-72 w-full" aria-label={summary}>
        {mounted && (
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={points} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke="#e5e7eb" />
              <XAxis dataKey="day" tickFormatter={dayLabel} tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
              <YAxis yAxisId="requests" allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
              <YAxis yAxisId="visits" orientation="right" allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={48} />
              <Tooltip content={ChartTooltip} cursor={{ fill: '#fef2f2' }} />
              <Bar yAxisId="requests" dataKey="requests" name="Richieste" fill={REQUESTS} radius={[4, 4, 0, 0]} isAnimationActive={false}>
                {requestCells(points, (point) => point.day)}
              </Bar>
              <Line yAxisId="visits" dataKey="done" name="Visite" stroke={VISITS} strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />
              {partial ? (
                <Line
                  yAxisId="visits"
                  dataKey="ongoing"
                  name="Visite di oggi, in corso"
                  className="partial-visits"
                  stroke={VISITS}
                  strokeWidth={2}
                  strokeDasharray="5 4"
                  strokeOpacity={0.7}
                  dot={false}
                  type="linear"
                  isAnimationActive={false}
                />
              ) : null}
            </ComposedChart>
          </ResponsiveContainer>
        )}
      </figure>
    </div>
  )
}

type Hour = { hour: number; requests: number | null; partial: boolean }
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`

function HourTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: Hour }> }) {
  const point = payload?.[0]?.payload
  if (!active || !point || point.requests === null) return null
  return (
    <div className="rounded-md border border-gray-200 bg-white px-3 py-2 text-xs shadow-sm">
      <p className="font-medium">
        {hourLabel(point.hour)}–{hourLabel((point.hour + 1) % 24)}
        {point.partial ? ' (ora in corso)' : ''}
      </p>
      <p style={{ color: REQUESTS }}>{countOf(point.requests, 'richiesta', 'richieste')}</p>
    </div>
  )
}

/**
 * A single day's requests per hour of the Italian clock; on today, the hour going on is drawn lighter and the hours to
 * come are left empty. Visits are counted per day only, so the day's total stands above.
 */
export function HoursChart({ hours, currentHour }: { hours: Array<{ hour: number; requests: number }>; currentHour: number | null }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const points: Hour[] = hours.map((h) => ({
    hour: h.hour,
    requests: currentHour !== null && h.hour > currentHour ? null : h.requests,
    partial: h.hour === currentHour,
  }))
  const total = hours.reduce((sum, h) => sum + h.requests, 0)
  return (
    <div className="grid gap-2">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        <li className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: REQUESTS }} aria-hidden />
          Richieste per ora
        </li>
        {currentHour !== null ? (
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm border border-dashed" style={{ background: `${REQUESTS}59`, borderColor: REQUESTS }} aria-hidden />
            Ora in corso
          </li>
        ) : null}
      </ul>
      <figure
        className="h-72 w-full"
        aria-label={`Richieste per ora: ${countOf(total, 'richiesta', 'richieste')} nel giorno${currentHour !== null ? '; la giornata è in corso' : ''}`}
      >
        {mounted && (
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke="#e5e7eb" />
              <XAxis dataKey="hour" tickFormatter={hourLabel} tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
              <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
              <Tooltip content={HourTooltip} cursor={{ fill: '#fef2f2' }} />
              <Bar dataKey="requests" name="Richieste" fill={REQUESTS} radius={[4, 4, 0, 0]} isAnimationActive={false}>
                {requestCells(points, (point) => point.hour)}
              </Bar>
            </ComposedChart>
          </ResponsiveContainer>
        )}
      </figure>
    </div>
  )
}
