// User-facing messages: every bad input ends here as a clear sentence and a way on.
import type { StateCreator } from 'zustand'
import type { AppState } from './store.ts'

export type MessageAction = { label: string; run: () => void }
/**
 * `about`: what the message is about, so that it goes when that is settled (a "load the registry
 * first" goes when a registry is loaded); one message per `about` at a time.
 */
export type Message = { id: number; level: 'error' | 'warning' | 'info'; text: string; details?: string[]; actions?: MessageAction[]; about?: string }

export type MessagesSlice = {
  messages: Message[]
  notify: (m: Omit<Message, 'id'>) => number
  dismiss: (id: number) => void
  /** Dismiss the messages about this (it is settled). */
  settle: (about: string) => void
}

let nextMessageId = 1
/** Info messages step aside on their own; warnings and errors stay until dismissed. */
const INFO_MS = 7000

export const createMessagesSlice: StateCreator<AppState, [], [], MessagesSlice> = (set, get) => ({
  messages: [],
  notify: (m) => {
    const id = nextMessageId++
    // Keep the newest few: a flood of messages helps nobody. A new info message replaces an older one
    // (switching games three times must not stack three "Opened the demo table" notes over the table).
    const keep = (x: Message) => x.text !== m.text && !(m.level === 'info' && x.level === 'info') && (m.about === undefined || x.about !== m.about)
    set((s) => ({ messages: [...s.messages.filter(keep), { ...m, id }].slice(-3) }))
    if (m.level === 'info') setTimeout(() => get().dismiss(id), INFO_MS)
    return id
  },
  dismiss: (id) => set((s) => ({ messages: s.messages.filter((x) => x.id !== id) })),
  settle: (about) => set((s) => (s.messages.some((x) => x.about === about) ? { messages: s.messages.filter((x) => x.about !== about) } : s)),
})
