// The shared table, honestly: connected or offline, this device's role, who is the tracking
// source and how old the shared positions are, the other devices and what each has selected; and
// "Share this table", which makes a room and shows its edit and view links as QR codes.
import { useEffect, useState } from 'react'
import { useSync } from './syncStore.ts'

const STATUS_TEXT = { off: 'Not shared', connecting: 'Connecting…', connected: 'Connected', reconnecting: 'Reconnecting… (changes kept here, sent when back)', offline: 'Offline: changes kept here, merged when back', refused: 'Refused: this link is not valid for this room' } as const

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

function ageText(ms: number): string {
  const s = ms / 1000
  return s < 1 ? 'just now' : s < 90 ? `${s.toFixed(0)} s old` : `${(s / 60).toFixed(0)} min old`
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
  const [now, setNow] = useState(() => Date.now())
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!roomId) return
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [roomId])

  const share = async () => {
    setBusy(true)
    setError(null)
    try {
      const { createRoom } = await import('./roomSession.ts') // Yjs and the provider load only now
      const room = await createRoom()
      sessionStorage.setItem(`tabletop-new-room-view-${room.roomId}`, room.viewLink)
      location.assign(room.editLink)
    } catch (e) {
      setError(`${e instanceof Error ? e.message : String(e)}. Sharing needs the app served by "npm start".`)
      setBusy(false)
    }
  }

  if (!roomId) {
    return (
      <section className="room" aria-label="Shared table" data-testid="room-panel" data-status="off">
        <h2>Shared table</h2>
        <p className="muted">This table is on this device only.</p>
        <button type="button" onClick={() => void share()} disabled={busy} data-testid="room-share">Share this table</button>
        {error ? <p role="alert">{error}</p> : null}
      </section>
    )
  }
  const others = peers.filter((p) => !p.mine)
  return (
    <section className="room" aria-label="Shared table" data-testid="room-panel" data-status={status} data-role={role ?? ''}>
      <h2>Shared table</h2>
      <p data-testid="room-status">
        <strong>{STATUS_TEXT[status]}</strong>
        {role === 'view' ? ' · view only: your changes stay on this screen' : role === 'edit' ? ' · you can edit' : ''}
        {unsynced > 0 && status !== 'connected' ? ` · ${unsynced} change${unsynced === 1 ? '' : 's'} not yet on the server` : ''}
      </p>
      <p data-testid="room-tracking">
        {source ? `Tracking source: ${source.mine ? 'this device' : source.name}` : 'No tracking source: positions are placed by hand'}
        {newestPoseMs !== null ? ` · shared positions ${ageText(now - newestPoseMs)}` : ''}
      </p>
      <p data-testid="room-peers">{others.length === 0 ? 'No other device here yet.' : `${others.length} other device${others.length === 1 ? '' : 's'}: ${others.map((p) => `${p.name}${p.role === 'view' ? ' (view)' : ''}${p.selection ? ` · ${p.selection}` : ''}`).join('; ')}`}</p>
      {role === 'edit' && editLink ? <QrLink label="Edit link (players who may move models and rule)" link={editLink} testId="room-edit" /> : null}
      {viewLink ? <QrLink label="View link (watch only)" link={viewLink} testId="room-view" /> : null}
    </section>
  )
}
