import { slotted } from './slotted.ts'

const Card = slotted('div', 'card', 'rounded-xl border border-gray-200 bg-white shadow-sm')
const CardHeader = slotted('div', 'card-header', 'grid gap-1.5 p-5 pb-0')
const CardTitle = slotted('h3', 'card-title', 'font-semibold leading-none')
const CardDescription = slotted('p', 'card-description', 'text-sm text-muted')
const CardContent = slotted('div', 'card-content', 'p-5')

export { Card, CardContent, CardDescription, CardHeader, CardTitle }
