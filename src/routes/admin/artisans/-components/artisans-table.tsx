import { Link } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { EyeIcon, type LucideIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import type { AppRouter } from '#server/trpc/router.ts'
import { EmailWithBreak } from '#src/components/admin/email-with-break.tsx'
import { CardsOrTable, RowActions } from '#src/components/admin/list-rows.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { TableCell } from '#src/components/ui/table.tsx'
import { DeleteArtisanDialog } from './delete-artisan-dialog.tsx'
import { StatusBadge } from './status-badge.tsx'

type ArtisanRow = inferRouterOutputs<AppRouter>['admin']['artisans']['list']['rows'][number]

const none = <span className="text-muted">—</span>

function ArtisanLink({
  to,
  artisanId,
  label,
  icon: Icon,
}: {
  to: '/admin/artisans/$artisanId' | '/admin/artisans/edit/$artisanId'
  artisanId: number
  label: string
  icon: LucideIcon
}) {
  return (
    <Button asChild variant="ghost" size="icon" aria-label={label}>
      <Link to={to} params={{ artisanId: String(artisanId) }}>
        <Icon aria-hidden />
      </Link>
    </Button>
  )
}

/** View and edit are pages of their own; delete asks first (docs/product.md §2.4). */
function Actions({ artisan }: { artisan: ArtisanRow }) {
  return (
    <RowActions>
      <ArtisanLink to="/admin/artisans/$artisanId" artisanId={artisan.id} label={`Dettagli di ${artisan.contact_name}`} icon={EyeIcon} />
      <ArtisanLink to="/admin/artisans/edit/$artisanId" artisanId={artisan.id} label={`Modifica ${artisan.contact_name}`} icon={PencilIcon} />
      <DeleteArtisanDialog
        artisan={artisan}
        trigger={
          <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" aria-label={`Elimina ${artisan.contact_name}`}>
            <Trash2Icon aria-hidden />
          </Button>
        }
      />
    </RowActions>
  )
}

/** The company (when there is one) above its contact person, each wrapped rather than cut. */
function CompanyAndContact({ artisan }: { artisan: ArtisanRow }) {
  return (
    <div className="min-w-0">
      <p className="break-words font-semibold text-ink">{artisan.company_name ?? none}</p>
      <p className="break-words">{artisan.contact_name}</p>
    </div>
  )
}

/** The status, whether the artisan is verified and whether their profile is public, side by side or one above the other as the room allows. */
function StatusAndVerified({ artisan }: { artisan: ArtisanRow }) {
  return (
    <div className="flex flex-wrap justify-end gap-1 xl:justify-start">
      <StatusBadge status={artisan.status} />
      {artisan.is_verified ? <Badge variant="info">Verificato</Badge> : null}
      {artisan.public_profile ? <Badge variant="success">Pubblico</Badge> : null}
    </div>
  )
}

const COLUMNS = [
  { label: 'Azienda e referente' },
  { label: 'Email e telefono' },
  { label: 'Settori', className: 'w-44' },
  { label: 'Zone Operative' },
  { label: 'Stato', className: 'w-32' },
  { label: 'Azioni', className: 'w-40 text-right' },
]

/** docs/product.md §2.4 columns; applications waiting for review stand out in amber. */
export function ArtisansTable({ rows, busy }: { rows: ArtisanRow[]; busy: boolean }) {
  return (
    <CardsOrTable
      rows={rows}
      rowKey={(artisan) => artisan.id}
      label="Artigiani"
      busy={busy}
      rowClassName={(artisan) => (artisan.status === 'pending_review' ? 'bg-amber-50/70' : undefined)}
      card={(artisan) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <CompanyAndContact artisan={artisan} />
            <StatusAndVerified artisan={artisan} />
          </div>
          <p className="[overflow-wrap:anywhere]">
            <EmailWithBreak email={artisan.email} />
          </p>
          <p className="text-muted">{artisan.phone}</p>
          <p className="line-clamp-2">{artisan.specialization_sectors.join(', ') || none}</p>
          <p className="break-words text-muted">{artisan.operative_zones.join(', ') || 'Nessuna zona operativa'}</p>
          <Actions artisan={artisan} />
        </>
      )}
      columns={COLUMNS}
      cells={(artisan) => (
        <>
          <TableCell>
            <CompanyAndContact artisan={artisan} />
          </TableCell>
          <TableCell className="[overflow-wrap:anywhere]">
            <p>
              <EmailWithBreak email={artisan.email} />
            </p>
            <p className="text-muted">{artisan.phone}</p>
          </TableCell>
          <TableCell>
            <p className="line-clamp-3" title={artisan.specialization_sectors.join(', ') || undefined}>
              {artisan.specialization_sectors.join(', ') || none}
            </p>
          </TableCell>
          <TableCell>
            <p className="line-clamp-3" title={artisan.operative_zones.join(', ') || undefined}>
              {artisan.operative_zones.join(', ') || none}
            </p>
          </TableCell>
          <TableCell>
            <StatusAndVerified artisan={artisan} />
          </TableCell>
          <TableCell>
            <Actions artisan={artisan} />
          </TableCell>
        </>
      )}
    />
  )
}
