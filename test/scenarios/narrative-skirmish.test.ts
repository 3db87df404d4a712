import { join } from 'node:path'
import { runScenarioFolder } from './runScenarios.ts'

runScenarioFolder(join(import.meta.dirname, 'narrative-skirmish'))
