import { useEffect, useState } from 'react'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', timeZone: 'UTC' })

/** Requests (bars) and visits (line, on its own axis) per Italian day; drawn after hydration because it measures its box. */
export function StatisticsChart({ days }: { days: Array<{ day: string; visits: number; requests: number }> }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const requests = days.reduce((sum, d) => sum + d.requests, 0)
  const visits = days.reduce((sum, d) => sum + d.visits, 0)
  return (
    <figure className="h-72 w-full" aria-label={`Richieste e visite al giorno: ${requests} richieste e ${visits} visite nel periodo`}>
      {mounted && (
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={days} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="day" tickFormatter={dayLabel} tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
            <YAxis yAxisId="requests" allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
            <YAxis yAxisId="visits" orientation="right" allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={48} />
            <Tooltip labelFormatter={(day) => dayLabel(String(day))} cursor={{ fill: '#fef2f2' }} />
            <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
            <Bar yAxisId="requests" dataKey="requests" name="Richieste" fill="#c81e1e" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            <Line yAxisId="visits" dataKey="visits" name="Visite" stroke="#1d4ed8" strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      )}
    </figure>
  )
}
