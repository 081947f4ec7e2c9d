/**
 * The calls of the side menu, each declared once (issue 24; decision 0062), over the schema of common.ts.
 */
import { navMenuResponse } from './common.ts';
import { endpoint } from './endpoint.ts';

export const menuCalls = {
  nav: endpoint({
    method: 'GET',
    path: '/api/innavmenu/getnavmenu',
    access: 'user',
    summary: 'The side menu the caller may see (titles are dictionary keys)',
    tags: ['common'],
    response: navMenuResponse,
  }),
};
