/** A chosen address: valid only with a place id (docs/product.md §3 and 4). */
export type ChosenLocation = { label: string; placeId: string }

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by the forms before /thank-you. */
    serviceName?: string
    leadId?: number
    /** Carried from the home page and between service pages (docs/product.md §4). */
    location?: ChosenLocation | null
  }
}
