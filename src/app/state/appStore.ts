// The app's store instance, opened on the default system's demo table (the embedded default: only
// that game's demo table is in the initial JavaScript; every game's code loads when it is chosen,
// systemLoader.ts).
import type { Scene } from '../../engine/index.ts'
import defaultDemo from '../../systems/narrative-skirmish/demo.json' with { type: 'json' }
import { systemList } from './systemLoader.ts'
import { createAppStore } from './store.ts'

export const DEFAULT_SYSTEM_ID = systemList[0]!.id

export const useApp = createAppStore(structuredClone(defaultDemo) as unknown as Scene)
