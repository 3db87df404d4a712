// What the camera cannot see, given in a query's `context` (README: "What the camera cannot know").
// One strict schema for every query, so a misspelt key is an input error, not a silent default.
import { z } from 'zod'

const modifierSchema = z.strictObject({ source: z.string().min(1), value: z.number().int(), rule: z.string().optional() })

export const contextSchema = z.strictObject({
  // Shooting (§13)
  moved: z.boolean().optional(),
  movedInvoluntarily: z.boolean().optional(),
  hurried: z.boolean().optional(),
  crossedObstacle: z.boolean().optional(),
  refusedJump: z.boolean().optional(),
  fought: z.boolean().optional(),
  failedActivation: z.boolean().optional(),
  defaultAction: z.boolean().optional(),
  enchanted: z.boolean().optional(),
  targetJinxed: z.boolean().optional(),
  shootFeat: z.boolean().optional(),
  targetArmourReroll: z.boolean().optional(),
  /** Override the team membership the table shows (§3.2.1). */
  inTeam: z.boolean().optional(),
  // Combat (§14)
  charged: z.boolean().optional(),
  fightFeat: z.boolean().optional(),
  distracted: z.boolean().optional(),
  targetBladeBroken: z.boolean().optional(),
  // Movement (§12)
  movedInches: z.number().min(0).optional(),
  approached: z.array(z.string().min(1)).optional(),
  ensnared: z.boolean().optional(),
  jumpAsHurry: z.boolean().optional(),
  // Characteristic tests (§7)
  modifiers: z.array(modifierSchema).optional(),
  reroll: z.boolean().optional(),
  /** A delayed character tests activation at the D of the last unit activated (§10.3.2). */
  delayedToD: z.number().int().optional(),
  tormented: z.boolean().optional(),
})

export type QueryContext = z.infer<typeof contextSchema>
