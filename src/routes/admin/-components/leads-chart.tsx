import { useEffect, useState } from 'react'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', timeZone: 'UTC' })

/** Leads per day over the last 30 days; drawn after hydration because it measures its container. */
export function LeadsChart({ data }: { data: Array<{ day: string; leads: number }> }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const total = data.reduce((sum, entry) => sum + entry.leads, 0)
  return (
    <figure className="h-72 w-full" aria-label={`Preventivi ricevuti al giorno negli ultimi 30 giorni: ${total} in totale`}>
      {mounted && (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="day" tickFormatter={dayLabel} tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
            <Tooltip labelFormatter={(day) => dayLabel(String(day))} formatter={(value) => [value, 'Preventivi']} cursor={{ fill: '#fef2f2' }} />
            <Bar dataKey="leads" name="Preventivi" fill="#c81e1e" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  )
}
