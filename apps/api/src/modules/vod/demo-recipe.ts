import { z } from 'zod';

const ColorSchema = z.string().regex(/^#[0-9a-f]{6}$/i);
const SideSchema = z.object({ code: z.string().min(1).max(12), color: ColorSchema });

/**
 * How the demo's library videos are made (stored in an item's meta.demo by the seed, read by the
 * job): a synthetic game (highlights, recaps: rink, teams, goals) or a studio piece (interviews:
 * camera, lower third). Short and small on purpose: the demo shares two cores with live encoders.
 */
export const DemoRecipeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('game'),
    seconds: z.number().int().min(2).max(60),
    home: SideSchema,
    away: SideSchema,
    goals: z.array(z.object({ atSeconds: z.number().min(0), team: z.enum(['home', 'away']) })),
  }),
  z.object({
    kind: z.literal('studio'),
    seconds: z.number().int().min(2).max(60),
    /** Drawn in the picture: plain ASCII (the renderer drops anything else). */
    title: z.string().min(1).max(60),
    label: z.string().min(1).max(24),
    color: ColorSchema,
  }),
]);
export type DemoRecipe = z.infer<typeof DemoRecipeSchema>;
