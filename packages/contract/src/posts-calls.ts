/**
 * The calls of the posts area, each declared once (issue 24; decision 0062), over the schemas of posts.ts. Admins
 * write every kind; customers read the active posts written in the language they read (decisions 0039, 0040).
 */
import { RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { gridQuery } from './grids.ts';
import {
  dashboardResponse,
  deletePostResponse,
  getPostQuery,
  helpResponse,
  postDetail,
  postIdParams,
  postKindParams,
  postLangQuery,
  postListQuery,
  postListResponse,
  postSavedIdParams,
  postsGridExtraQuery,
  postsGridResponse,
  putPostBody,
  putPostResponse,
  relatedPostsQuery,
  relatedPostsResponse,
  sendPostBody,
  sendPostResponse,
} from './posts.ts';

const tags = ['posts'] as const;
const P = '/api/inpost';
const admin = { rank: RANK.admin } as const;

/** GetPostsJqGrid's query: the grid's and the kind (and a language the posts must have). */
export const postsGridQuery = gridQuery.extend(postsGridExtraQuery.shape);

export const postCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${P}/GetPostsJqGrid`,
    access: admin,
    summary: 'Grid of the posts of a kind (tipo 1 news, 2 products, 3 calendars, 4 pages); creation date desc',
    tags,
    query: postsGridQuery,
    response: postsGridResponse,
    refusals: { 400: errorBody, 401: errorBody, 403: errorBody },
  }),
  newPost: endpoint({
    method: 'GET',
    path: `${P}/getnewpost/:cod`,
    access: admin,
    summary: 'An unsaved post (id 0) of a kind with one empty language tab',
    tags,
    params: postKindParams,
    query: postLangQuery,
    response: postDetail,
    refusals: { 400: errorBody },
  }),
  post: endpoint({
    method: 'GET',
    path: `${P}/getpost/:id`,
    access: 'user',
    summary: 'A post: admins get every language; others the active post in the language asked (lang, default es)',
    tags,
    params: postSavedIdParams,
    query: getPostQuery,
    response: postDetail,
    refusals: { 404: errorBody },
  }),
  put: endpoint({
    method: 'POST',
    path: `${P}/putpost/:id`,
    access: admin,
    summary: 'Creates (id 0 or "new") or replaces a post with its languages; the HTML is sanitised',
    tags,
    params: postIdParams,
    body: putPostBody,
    response: putPostResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/deletepost/:id`,
    access: admin,
    summary: 'Deletes a post, its languages and its relations',
    tags,
    params: postSavedIdParams,
    response: deletePostResponse,
    refusals: { 404: errorBody },
  }),
  related: endpoint({
    method: 'GET',
    path: `${P}/getrelatedpostsbyevent/:id`,
    access: 'user',
    summary: 'The posts related to a calendar event, in a language (customers: active ones of a readable event)',
    tags,
    params: postSavedIdParams,
    query: relatedPostsQuery,
    response: relatedPostsResponse,
    refusals: { 404: errorBody },
  }),
  list: endpoint({
    method: 'GET',
    path: `${P}/getlist`,
    access: 'user',
    summary: 'The active posts of a kind in a language, a page at a time (pageIndex from 0)',
    tags,
    query: postListQuery,
    response: postListResponse,
    refusals: { 400: errorBody },
  }),
  send: endpoint({
    method: 'POST',
    path: `${P}/sendpostbyemail/:id`,
    access: admin,
    summary: 'Sends a post as an HTML e-mail (absolute image URLs) through the outbox',
    tags,
    params: postSavedIdParams,
    body: sendPostBody,
    response: sendPostResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  dashboard: endpoint({
    method: 'GET',
    path: `${P}/dashboard`,
    access: 'user',
    summary: 'The dashboard’s content besides the welcome: latest news, upcoming events, the dashboard zone’s menus',
    tags,
    query: postLangQuery,
    response: dashboardResponse,
    refusals: { 400: errorBody },
  }),
  help: endpoint({
    method: 'GET',
    path: `${P}/gethelp`,
    access: 'user',
    summary: 'The help desk page (/help) in a language, and the contact of the caller’s home store',
    tags,
    query: postLangQuery,
    response: helpResponse,
    refusals: { 400: errorBody },
  }),
};
