import { cx } from '#src/lib/class-names.ts'
import { countOf } from '#shared/plural.ts'

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'
const WIDTH = 120

function Row() {
  return [0, 1, 2, 3, 4].map((n) => <path key={n} d={STAR} transform={`translate(${n * 24} 0)`} />)
}

/**
 * Five stars filled up to `value` (4.7 fills four and most of the fifth), one inline SVG without script or style
 * attribute: the filled stars are a nested <svg> as wide as the rating, which clips them. Hidden from screen readers:
 * the text beside them says the rating in words. Sized by its attributes (`height` pixels high, five times as wide),
 * not by classes: the public stylesheet carries no size rule for it.
 */
export function Stars({ value, height = 16, className }: { value: number; height?: 16 | 20; className?: string }) {
  const filled = Math.round((Math.min(5, Math.max(0, value)) / 5) * WIDTH * 10) / 10
  return (
    <svg aria-hidden="true" focusable="false" viewBox={`0 0 ${WIDTH} 24`} width={height * 5} height={height} className={cx('shrink-0', className)}>
      <g fill="currentColor" className="text-gray-300">
        <Row />
      </g>
      <svg aria-hidden="true" width={filled} height="24" viewBox={`0 0 ${filled} 24`} fill="currentColor" className="text-amber-500">
        <Row />
      </svg>
    </svg>
  )
}

const oneDecimal = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** An average of stars as Italian reads it: "4,7". */
export const formatAverage = (average: number) => oneDecimal.format(average)

/** The rating in words, for screen readers: "4,7 su 5, 23 recensioni". */
export const ratingInWords = (average: number, reviews: number) => `${formatAverage(average)} su 5, ${countOf(reviews, 'recensione', 'recensioni')}`
