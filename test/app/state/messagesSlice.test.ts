// The message bar's rules: errors and warnings stay until dismissed, a new info message replaces the
// older one (switching games quickly must not stack notes over the table), and at most three show.
import { describe, expect, it } from 'vitest'
import { create } from 'zustand'
import { type MessagesSlice, createMessagesSlice } from '../../../src/app/state/messagesSlice.ts'

const store = () => create<MessagesSlice>()((...a) => createMessagesSlice(...(a as unknown as Parameters<typeof createMessagesSlice>)) as MessagesSlice)
const texts = (s: ReturnType<typeof store>) => s.getState().messages.map((m) => `${m.level}: ${m.text}`)

describe('messages', () => {
  it('a new info message replaces the older info message; warnings and errors stay', () => {
    const s = store()
    s.getState().notify({ level: 'error', text: 'bad registry' })
    s.getState().notify({ level: 'info', text: 'Opened the demo table of Skirmish Rules.' })
    s.getState().notify({ level: 'warning', text: 'camera not calibrated' })
    s.getState().notify({ level: 'info', text: 'Opened the demo table of Skrapyard: Raw Rules.' })
    expect(texts(s)).toEqual(['error: bad registry', 'warning: camera not calibrated', 'info: Opened the demo table of Skrapyard: Raw Rules.'])
  })

  it('keeps the newest three, and the same text once', () => {
    const s = store()
    for (const t of ['a', 'b', 'a', 'c', 'd']) s.getState().notify({ level: 'warning', text: t })
    expect(texts(s)).toEqual(['warning: a', 'warning: c', 'warning: d'])
  })

  it('a message about something goes when that is settled, and only one per subject stays', () => {
    const s = store()
    s.getState().notify({ level: 'warning', text: 'Load the marker registry of your table first.', about: 'need-registry' })
    s.getState().notify({ level: 'warning', text: 'Load the marker registry of your table first (again).', about: 'need-registry' })
    s.getState().notify({ level: 'error', text: 'bad photo' })
    expect(texts(s)).toEqual(['warning: Load the marker registry of your table first (again).', 'error: bad photo'])
    s.getState().settle('need-registry')
    expect(texts(s)).toEqual(['error: bad photo'])
    s.getState().settle('need-registry')
    expect(texts(s)).toEqual(['error: bad photo'])
  })
})
