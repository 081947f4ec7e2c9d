/**
 * The calls of the cart declared once so far (issue 24; decision 0062): adding an article from the catalogue. The
 * cart's other calls are still declared by their routes (modules/cart) until the cart area moves.
 */
import { cartChangeResponse } from './cart.ts';
import { addToCartRequest } from './catalog.ts';
import { ROLES } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

export const cartCalls = {
  add: endpoint({
    method: 'POST',
    path: '/api/incheckout/addtocurrentcart',
    access: { role: ROLES.buy },
    summary: 'Add an article to the caller’s cart; an article already there gets the quantity added',
    tags: ['cart'],
    body: addToCartRequest,
    response: cartChangeResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
};
