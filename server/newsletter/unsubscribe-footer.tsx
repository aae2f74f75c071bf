import { renderToStaticMarkup } from 'react-dom/server'

/** The footer of every campaign mail: why the recipient gets it, and the link that unsubscribes. */
export function unsubscribeFooter(why: string, url: string): string {
  return renderToStaticMarkup(
    <div
      style={{
        marginTop: '32px',
        paddingTop: '16px',
        borderTop: '1px solid #e5e7eb',
        fontFamily: 'Arial,sans-serif',
        fontSize: '12px',
        lineHeight: '18px',
        color: '#6b7280',
      }}
    >
      {why} Non vuoi più ricevere queste email?{' '}
      <a href={url} style={{ color: '#6b7280', textDecoration: 'underline' }}>
        Annulla l'iscrizione
      </a>
      .
    </div>,
  )
}
