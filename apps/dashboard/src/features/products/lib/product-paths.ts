// Where the product pages live (rows of apps/dashboard/src/config/routes.ts): the list, and /create-product, which
// also edits one product (?product_id=).

export const productsHref = (): `/${string}` => '/products';
export const productFormHref = (): `/${string}` => '/create-product';
export const editProductHref = (id: number): `/${string}` => `/create-product?product_id=${id}`;
