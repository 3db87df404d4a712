// Entry point: open the planner on the stored table (or the default demo), start the engine
// worker and the evaluation loop, load the ruling history, render.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { DEFAULT_SYSTEM_ID, useApp } from './state/appStore.ts'
import { isKnownSystem } from './state/systemLoader.ts'
import { persistScene, savedScene } from './state/persistScene.ts'
import { startEvaluationLoop } from './engine/evaluationLoop.ts'
import { startPlanLoop } from './engine/planLoop.ts'
import { installPlanProbe } from './scene/planProbe.ts'
import { engine } from './engine/engineHandle.ts'
import { loadHistory } from './actions/rulings.ts'
import { loadDemo } from './actions/loadDemo.ts'
import { App } from './App.tsx'
import { installProbe } from './scene/TestProbe.tsx'
import { installKiosk } from './ui/kiosk.ts'
import { startRoomFromLocation } from './sync/startRoom.ts'
import { checkCertificateTrust } from './ui/certificateTrust.ts'
import './app.css'

const restored = savedScene()
if (restored) {
  useApp.getState().replaceScene(restored)
  useApp.getState().notify({ level: 'info', text: 'Restored your last table.', actions: [{ label: 'Open the demo instead', run: () => void loadDemo(isKnownSystem(restored.system) ? restored.system : DEFAULT_SYSTEM_ID) }] })
}
persistScene(useApp)
installProbe()
installKiosk()
startEvaluationLoop(useApp, engine())
startPlanLoop(useApp, engine())
installPlanProbe()
void loadHistory()
startRoomFromLocation()
void checkCertificateTrust()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
