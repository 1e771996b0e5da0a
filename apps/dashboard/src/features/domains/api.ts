import { api } from '@aula/web/lib/api.ts';
import type { Domain, DomainListRequest, DomainPage } from './domains.types';

// Domains (001 section 7): POST list, GET my, GET my list, GET one, POST create, PUT update. The endpoint names
// start with 'domain' so they do not clash with other areas' (products read GET my-list as listMyDomains).

const D = '/dashboard/domains';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Domain'] });

export const domainsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    domainList: build.query<DomainPage, DomainListRequest>({
      query: (body) => ({ url: `${D}/list`, method: 'POST', body }),
      providesTags: ['Domain'],
    }),
    domainMine: build.query<Domain | null, void>({
      query: () => `${D}/my`,
      transformResponse: data<Domain | null>,
      providesTags: ['Domain'],
    }),
    domainMyList: build.query<Domain[], void>({
      query: () => `${D}/my-list`,
      transformResponse: data<Domain[]>,
      providesTags: ['Domain'],
    }),
    domainGet: build.query<Domain, number>({
      query: (id) => `${D}/${id}`,
      transformResponse: data<Domain>,
      providesTags: (_r, _e, id) => [{ type: 'Domain', id }],
    }),
    domainCreate: build.mutation<Domain, { name: string }>({
      query: (body) => ({ url: D, method: 'POST', body }),
      transformResponse: data<Domain>,
      invalidatesTags: ['Domain'],
    }),
    domainUpdate: build.mutation<Domain, { id: number; name: string }>({
      query: ({ id, ...body }) => ({ url: `${D}/${id}`, method: 'PUT', body }),
      transformResponse: data<Domain>,
      invalidatesTags: (_r, _e, { id }) => ['Domain', { type: 'Domain', id }],
    }),
  }),
});

export const {
  useDomainListQuery,
  useDomainMineQuery,
  useDomainMyListQuery,
  useDomainGetQuery,
  useDomainCreateMutation,
  useDomainUpdateMutation,
} = domainsApi;
