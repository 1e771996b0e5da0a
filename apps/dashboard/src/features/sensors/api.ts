import { api } from '@aula/web/lib/api.ts';
import type { Sensor, SensorInput, SensorPage } from './sensors.types';

// The sensors pages (001 section 7, Sensors): POST /dashboard/sensors/list, GET one, POST create and update, DELETE.

const data = <T>(response: { data: T }) => response.data;
const withTags = api.enhanceEndpoints({ addTagTypes: ['Sensors'] });

export const sensorsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listSensorKinds: build.query<SensorPage, { page: number; per_page: number; search?: string }>({
      query: (body) => ({ url: '/dashboard/sensors/list', method: 'POST', body }),
      providesTags: ['Sensors'],
      keepUnusedDataFor: 0,
    }),
    getSensorKind: build.query<Sensor, number>({
      query: (id) => `/dashboard/sensors/${id}`,
      transformResponse: data<Sensor>,
      providesTags: ['Sensors'],
      keepUnusedDataFor: 0,
    }),
    createSensorKind: build.mutation<Sensor, SensorInput>({
      query: (body) => ({ url: '/dashboard/sensors', method: 'POST', body }),
      transformResponse: data<Sensor>,
      invalidatesTags: ['Sensors'],
    }),
    updateSensorKind: build.mutation<Sensor, SensorInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/dashboard/sensors/${id}`, method: 'POST', body }),
      transformResponse: data<Sensor>,
      invalidatesTags: ['Sensors'],
    }),
    deleteSensorKind: build.mutation<void, number>({
      query: (id) => ({ url: `/dashboard/sensors/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Sensors'],
    }),
  }),
});

export const {
  useListSensorKindsQuery,
  useGetSensorKindQuery,
  useCreateSensorKindMutation,
  useUpdateSensorKindMutation,
  useDeleteSensorKindMutation,
} = sensorsApi;
