/**
 * The calls of the cart declared once so far (issue 24; decision 0062): adding an article from the catalogue, and a
 * line's job reference (issue 26; decision 0081). The cart's other calls are still declared by their routes
 * (modules/cart) until the cart area moves.
 */
import { cartChangeResponse, setJobRefRequest } from './cart.ts';
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
  setJobRef: endpoint({
    method: 'POST',
    path: '/api/incheckout/setjobref',
    access: { role: ROLES.buy },
    summary: 'Set or clear the job reference of a line of the caller’s cart (a plate, a work order, a claim number)',
    description: 'At most 40 characters once trimmed (400 WARN_JobRefTooLong); another cart’s line answers 404.',
    tags: ['cart'],
    body: setJobRefRequest,
    response: cartChangeResponse,
    refusals: { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
  }),
};
