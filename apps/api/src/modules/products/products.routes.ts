import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '@aula/domain/permissions';
import {
  productCopySchema,
  productCreateSchema,
  productListSchema,
  productMyListSchema,
  productUpdateSchema,
} from '@aula/domain/products';
import { idParamSchema } from '@aula/domain/tenancy';
import { caller, guard } from '../../plugins/auth';
import { emptyBodyIsFilterless, presentPage } from '../accounts/listing';
import * as service from './products.service';
import { presentProductDetails, presentProductOption } from './products.present';

const params = z.object({ product_id: idParamSchema });
const tags = ['products'];

// 002 section 7, Products: POST my list. POST list with pagination. GET by product_id. POST create. PUT update by
// product_id. DELETE by product_id. POST copy. (GET /dashboard/products, the catalogue's label list, is the
// activities module's.)
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const may = (action: Action) => guard({ scope: 'dashboard', resource: 'product', actions: [action] });

  app.post(
    '/products/my',
    {
      preValidation: emptyBodyIsFilterless,
      // the service checks product, PAS plan or activity view
      preHandler: guard({ scope: 'dashboard' }),
      schema: { tags, body: productMyListSchema },
    },
    async (req) => ({
      data: (await service.listMyProducts(app.deps, caller(req), req.body)).map(presentProductOption),
    }),
  );

  app.post(
    '/products/list',
    { preValidation: emptyBodyIsFilterless, preHandler: may('view'), schema: { tags, body: productListSchema } },
    async (req) =>
      presentPage(req.body, await service.listProducts(app.deps, caller(req), req.body), presentProductDetails),
  );

  app.get('/products/:product_id', { preHandler: may('view'), schema: { tags, params } }, async (req) => ({
    data: presentProductDetails(await service.getProduct(app.deps, caller(req), req.params.product_id)),
  }));

  app.post('/products', { preHandler: may('create'), schema: { tags, body: productCreateSchema } }, async (req) => ({
    data: presentProductDetails(await service.createProduct(app.deps, caller(req), req.body, req.ip)),
  }));

  app.put(
    '/products/:product_id',
    { preHandler: may('update'), schema: { tags, params, body: productUpdateSchema } },
    async (req) => ({
      data: presentProductDetails(
        await service.updateProduct(app.deps, caller(req), req.params.product_id, req.body, req.ip),
      ),
    }),
  );

  app.delete('/products/:product_id', { preHandler: may('delete'), schema: { tags, params } }, async (req) => {
    await service.deleteProduct(app.deps, caller(req), req.params.product_id, req.ip);
    return { data: { success: true as const } };
  });

  app.post('/products/copy', { preHandler: may('create'), schema: { tags, body: productCopySchema } }, async (req) => ({
    data: presentProductDetails(await service.copyProduct(app.deps, caller(req), req.body, req.lang, req.ip)),
  }));
};
