// Golden scenarios of Survivors, run through the CLI.
import { runScenarioFolder } from '../../runScenarios.ts'

runScenarioFolder(import.meta.dirname)
