// Messages: what went wrong (or what just happened) in one sentence, and a way on.
import { useApp } from '../state/appStore.ts'

export function MessageBar() {
  const messages = useApp((s) => s.messages)
  const dismiss = useApp((s) => s.dismiss)
  if (messages.length === 0) return null
  return (
    <div className="messages" data-testid="messages">
      {messages.map((m) => (
        <div key={m.id} className={`message ${m.level}`} role={m.level === 'error' ? 'alert' : 'status'} data-level={m.level}>
          <p>{m.text}</p>
          {m.details && m.details.length > 0 && <ul>{m.details.map((d, i) => <li key={i}>{d}</li>)}</ul>}
          <div className="button-row">
            {m.actions?.map((a) => (
              <button key={a.label} type="button" onClick={() => { a.run(); dismiss(m.id) }}>{a.label}</button>
            ))}
            <button type="button" onClick={() => dismiss(m.id)} aria-label="Dismiss message">Dismiss</button>
          </div>
        </div>
      ))}
    </div>
  )
}
