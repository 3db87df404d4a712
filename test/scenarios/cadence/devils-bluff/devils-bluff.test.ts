// Golden scenarios of Devil's Bluff (cards instead of dice), run through the CLI.
import { runScenarioFolder } from '../../runScenarios.ts'

runScenarioFolder(import.meta.dirname)
