import { api } from '@aula/web/lib/api.ts';
import type { Paged, Product, ProductInput } from './products.types';

// Products (002 section 7): POST my list, POST list with pagination, GET, POST create, PUT update, DELETE, POST copy;
// the domain picker of provider staff reads GET /dashboard/domains/my-list.

const D = '/dashboard/products';
const data = <T>(response: { data: T }) => response.data;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Product'] });

export const productsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listProducts: build.query<Paged<Product>, { page: number; per_page: number; search?: string }>({
      query: (body) => ({ url: `${D}/list`, method: 'POST', body }),
      providesTags: ['Product'],
    }),
    getProduct: build.query<Product, number>({
      query: (id) => `${D}/${id}`,
      transformResponse: data<Product>,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<Product, ProductInput>({
      query: (body) => ({ url: D, method: 'POST', body }),
      transformResponse: data<Product>,
      invalidatesTags: ['Product'],
    }),
    updateProduct: build.mutation<Product, { id: number } & ProductInput>({
      query: ({ id, domain_id: _domain, ...body }) => ({ url: `${D}/${id}`, method: 'PUT', body }),
      transformResponse: data<Product>,
      invalidatesTags: ['Product'],
    }),
    deleteProduct: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Product'],
    }),
    copyProduct: build.mutation<Product, { product_id: number; name?: string }>({
      query: (body) => ({ url: `${D}/copy`, method: 'POST', body }),
      transformResponse: data<Product>,
      invalidatesTags: ['Product'],
    }),
    listMyDomains: build.query<{ id: number; name: string }[], void>({
      query: () => '/dashboard/domains/my-list',
      transformResponse: data<{ id: number; name: string }[]>,
    }),
  }),
});

export const {
  useListProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useCopyProductMutation,
  useListMyDomainsQuery,
} = productsApi;
