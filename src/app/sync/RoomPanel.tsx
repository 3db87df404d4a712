// The shared table, honestly: connected or offline, this device's role, who is the tracking
// source and how old the shared positions are, the other devices and what each has picked (by name);
// and "Share this table", which makes a room and shows its edit and view links as QR codes. The
// links use the address the server gives for other devices (its LAN address when it has one); this
// device stays on the address it opened. When no other device can open them (they name this machine
// itself), or this device does not trust the server's certificate, the panel says why and what to do.
// A view link watches: it says so, and offers nothing that edits or rules. No sharing in a kiosk.
import { useEffect, useState } from 'react'
import { useSync } from './syncStore.ts'
import { linkReach, onThisOrigin } from './linkReach.ts'
import { useApp } from '../state/appStore.ts'
import { modelNames } from '../format/names.ts'
import { isKiosk } from '../ui/kiosk.ts'
import { UNTRUSTED_TEXT, useCertificateTrust } from '../ui/certificateTrust.ts'

const STATUS_TEXT = { off: 'Not shared', connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting… (changes kept here, sent when back)', offline: 'Offline: changes kept here, merged when back', refused: 'Refused: this link is not valid for this room' } as const

/** Where a new room's links wait for the page that joins it (same origin: this device stays on its address). */
const linksKey = (roomId: string) => `tabletop-room-links-${roomId}`
/** What startRoom.ts publishes into the room for its editors to show. */
const viewKey = (roomId: string) => `tabletop-new-room-view-${roomId}`

function QrLink({ label, link, testId }: { label: string; link: string; testId: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    // the QR encoder loads with the first code shown, not with the app (issue #14: initial JS)
    void import('qrcode').then(({ default: QRCode }) => QRCode.toDataURL(link, { margin: 1, width: 180 })).then((u) => live && setSrc(u))
    return () => {
      live = false
    }
  }, [link])
  return (
    <figure style={{ margin: '8px 0' }} data-testid={testId}>
      {src ? <img src={src} width={180} height={180} alt={`QR code: ${label}`} style={{ display: 'block', background: '#fff', borderRadius: 6 }} /> : null}
      <figcaption>
        {label}: <a href={link} data-testid={`${testId}-link`} style={{ wordBreak: 'break-all', color: 'var(--accent)' }}>{link.replace(/#.*/, '#…')}</a>
      </figcaption>
    </figure>
  )
}

/** The view link as the spectator overlay (issue 33): the same room, watched, `&overlay`. */
function overlayLink(viewLink: string): string {
  const u = new URL(viewLink)
  u.searchParams.set('overlay', '')
  return u.toString()
}

function ageText(ms: number): string {
  const s = ms / 1000
  return s < 1 ? 'just now' : s < 90 ? `${s.toFixed(0)} s old` : `${(s / 60).toFixed(0)} min old`
}

/** The links this device shows: a new room's (from the server, for other devices), else the ones it knows. */
function shownLinks(roomId: string, editLink: string | null, viewLink: string | null): { edit: string | null; view: string | null } {
  let stored: { edit?: string; view?: string } = {}
  try {
    stored = JSON.parse(sessionStorage.getItem(linksKey(roomId)) ?? '{}') as typeof stored
  } catch {
    // none kept
  }
  return { edit: stored.edit ?? editLink, view: viewLink ?? stored.view ?? null }
}

/** "a1 → b1" (a device's pick, as its awareness carries ids) in names. */
function pickInNames(selection: string, names: Readonly<Record<string, string>>): string {
  return selection.split(' → ').map((id) => names[id] ?? id).join(' → ')
}

export function RoomPanel() {
  const roomId = useSync((s) => s.roomId)
  const status = useSync((s) => s.status)
  const role = useSync((s) => s.role)
  const source = useSync((s) => s.trackingSource)
  const newestPoseMs = useSync((s) => s.newestPoseMs)
  const peers = useSync((s) => s.peers)
  const editLink = useSync((s) => s.editLink)
  const viewLink = useSync((s) => s.viewLink)
  const unsynced = useSync((s) => s.unsynced)
  const trust = useCertificateTrust((s) => s.trust)
  const names = useApp((s) => modelNames(s.evaluation.overlay, s.scene.models))
  const [now, setNow] = useState(() => Date.now())
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!roomId) return
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [roomId])

  if (isKiosk()) return null

  const share = async () => {
    setBusy(true)
    setError(null)
    try {
      const { createRoom } = await import('./roomSession.ts') // Yjs and the provider load only now
      const room = await createRoom()
      sessionStorage.setItem(linksKey(room.roomId), JSON.stringify({ edit: room.editLink, view: room.viewLink }))
      sessionStorage.setItem(viewKey(room.roomId), room.viewLink)
      // Join on this page's own address (its storage, its service worker); the links are for the other devices.
      location.assign(onThisOrigin(room.editLink, location.origin))
    } catch (e) {
      setError(`${e instanceof Error ? e.message : String(e)}. Sharing needs the app served by "npm start".`)
      setBusy(false)
    }
  }

  const untrusted = trust === 'untrusted' ? <p className="bad" data-testid="room-untrusted">{UNTRUSTED_TEXT}</p> : null
  if (!roomId) {
    return (
      <section className="room" aria-label="Shared table" data-testid="room-panel" data-status="off">
        <h2>Shared table</h2>
        <p className="muted">This table is on this device only.</p>
        <button type="button" onClick={() => void share()} disabled={busy} data-testid="room-share">Share this table</button>
        {error ? <p role="alert">{error}</p> : null}
        {untrusted}
      </section>
    )
  }
  const others = peers.filter((p) => !p.mine)
  const links = shownLinks(roomId, role === 'edit' ? editLink : null, viewLink)
  const unreachable = [links.edit, links.view].filter((l): l is string => l !== null).map(linkReach).find((r) => !r.reachable)
  return (
    <section className="room" aria-label="Shared table" data-testid="room-panel" data-status={status} data-role={role ?? ''}>
      <h2>Shared table</h2>
      <p data-testid="room-status">
        <strong>{STATUS_TEXT[status]}</strong>
        {role === 'view' ? ' · view only: you watch this table; moving models and ruling are for the edit link' : role === 'edit' ? ' · you can edit' : ''}
        {unsynced > 0 && status !== 'connected' ? ` · ${unsynced} change${unsynced === 1 ? '' : 's'} not yet on the server` : ''}
      </p>
      <p data-testid="room-tracking">
        {source ? `Tracking source: ${source.mine ? 'this device' : source.name}` : 'No tracking source: positions are placed by hand'}
        {newestPoseMs !== null ? ` · shared positions ${ageText(now - newestPoseMs)}` : ''}
      </p>
      <p data-testid="room-peers">{others.length === 0 ? 'No other device here yet.' : `${others.length} other device${others.length === 1 ? '' : 's'}: ${others.map((p) => `${p.name}${p.role === 'view' ? ' (view)' : ''}${p.selection ? ` · ${pickInNames(p.selection, names)}` : ''}`).join('; ')}`}</p>
      {unreachable && !unreachable.reachable && (
        <p className="bad" data-testid="room-unreachable">
          No other device can open these links: they name {unreachable.host}, this machine itself. Start the server so that the
          network reaches it (<code>npm start -- --lan</code>, or <code>npm start -- --https</code> for the camera on a tablet) on a
          machine on the same network as the other devices, open the app by the address it prints, and share again.
        </p>
      )}
      {untrusted}
      {role === 'edit' && links.edit ? <QrLink label="Edit link (players who may move models and rule)" link={links.edit} testId="room-edit" /> : null}
      {links.view ? <QrLink label="View link (watch only)" link={links.view} testId="room-view" /> : <p className="muted" data-testid="room-view-pending">View link: waiting for the room…</p>}
      {links.view && !isKiosk() ? (
        <p className="small" data-testid="room-overlay">
          Spectator overlay (a transparent page of the turn, scores and verdict, for a stream's browser source):{' '}
          <a href={overlayLink(links.view)} data-testid="room-overlay-link" style={{ wordBreak: 'break-all', color: 'var(--accent)' }}>{overlayLink(links.view).replace(/#.*/, '#…')}</a>
        </p>
      ) : null}
    </section>
  )
}
