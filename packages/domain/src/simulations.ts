import { z } from 'zod';

// Simulations (002 section 7: GET list with params; permission simulations-view on the `simulation` resource).
// A simulation is a media library item of one of the embed kinds 000 names: tuva, phet and codap simulations and the
// vernier sensor-lab embed. There is no separate catalogue: the list is the library's simulation items the caller
// may read, and those the published activities they may read embed (docs/simulations.md).

export const SIMULATION_PROVIDERS = ['tuva', 'phet', 'codap', 'vernier'] as const;
export type SimulationProvider = (typeof SIMULATION_PROVIDERS)[number];

/** Query string of GET /dashboard/simulations (numbers arrive as text). */
export const simulationListQuerySchema = z.object({
  search: z.string().trim().max(255, 'validation.maxLength').optional(),
  provider: z.enum(SIMULATION_PROVIDERS, { error: 'validation.select' }).optional(),
  page: z.coerce.number({ error: 'validation.valid' }).int().min(1).max(100_000).default(1),
  per_page: z.coerce.number({ error: 'validation.valid' }).int().min(1).max(100).default(20),
});
export type SimulationListQuery = z.infer<typeof simulationListQuerySchema>;

/** One simulation as GET /dashboard/simulations answers it. */
export interface SimulationDto {
  id: number;
  title: string;
  provider: SimulationProvider;
  /** the iframe's address (the media item's location); null when the item has none */
  url: string | null;
  thumbnail: string | null;
  /** sensor kinds a vernier lab needs */
  sensors: { id: number; name: string }[];
  /** the published, not archived activities the caller may read that show it */
  activities: { id: number; title: string }[];
}
