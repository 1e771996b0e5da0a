import type { SimulationDto, SimulationProvider } from '@aula/domain/simulations';
import { api } from '@aula/web/lib/api.ts';

// The simulations page (002 section 7: Simulations, GET list with params).

export interface SimulationPage {
  data: SimulationDto[];
  meta: { page: number; per_page: number; total: number };
}

export interface SimulationFilters {
  page: number;
  per_page: number;
  search?: string | undefined;
  provider?: SimulationProvider | undefined;
}

export const simulationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSimulations: build.query<SimulationPage, SimulationFilters>({
      query: ({ page, per_page, search, provider }) => ({
        url: '/dashboard/simulations',
        params: { page, per_page, ...(search ? { search } : {}), ...(provider ? { provider } : {}) },
      }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useListSimulationsQuery } = simulationsApi;
