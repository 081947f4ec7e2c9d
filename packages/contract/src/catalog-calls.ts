/**
 * The calls of the catalogue, each declared once (issue 24; decision 0062), over the schemas of catalog.ts: the
 * searches, an article, its price, pictures and stock, the vehicle lists, the plate search and the technical files.
 */
import { z } from 'zod';
import {
  availabilityQuery,
  availabilityResponse,
  brandsByIdQuery,
  faqFamilyFilesQuery,
  idParams,
  modelsQuery,
  motorizationsQuery,
  optionList,
  plateRequest,
  plateResponse,
  priceResponse,
  productDetail,
  productDetailQuery,
  productListQuery,
  productListResponse,
  technicalFileList,
  technicalFileQuery,
  technicalFilesQuery,
} from './catalog.ts';
import { ROLES } from './constants.ts';
import { endpoint, fileBytes } from './endpoint.ts';
import { errorBody } from './errors.ts';

const tags = ['catalog'] as const;
const P = '/api/product';

/** The four searches share their input and answer (docs/decisions/0009); they differ in records and counting. */
const search = <const Path extends `/${string}`>(path: Path, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    access: 'optional',
    summary,
    description: 'Prices and stock only for signed-in callers. See docs/decisions/0009-catalogue-search.md.',
    tags,
    query: productListQuery,
    response: productListResponse,
    refusals: { 400: errorBody },
  });

/**
 * The catalogue (spec part 1 §3–§5, §7): anybody searches it and sees an article (prices and stock only for
 * signed-in callers); the plate search needs the searchplate role. The technical files (PDF) of an article are
 * under /api/infile, tagged `files` as before.
 */
export const catalogCalls = {
  /** One record per article, with the total count. */
  list: search(`${P}/getlist`, 'Search the catalogue: one record per article, with the total count'),
  listContent: search(
    `${P}/getlistcontent`,
    'Same records as getlist without counting the total (count = records on the page)',
  ),
  /** One record per article and fitting vehicle model (the vehicle on each card). */
  list2: search(
    `${P}/getlist2`,
    'Search the catalogue: one record per article and fitting vehicle model, with the total count',
  ),
  list2Content: search(
    `${P}/getlist2content`,
    'Same records as getlist2 without counting the total (count = records on the page)',
  ),
  price: endpoint({
    method: 'GET',
    path: `${P}/getprice/:id`,
    access: 'user',
    summary: 'List price and the caller’s net price of an article',
    tags,
    params: idParams,
    response: priceResponse,
    refusals: { 404: errorBody },
  }),
  detail: endpoint({
    method: 'GET',
    path: `${P}/getproduct/:id`,
    access: 'optional',
    summary: 'An article with images, fitments and related articles (same family, other families)',
    tags,
    params: idParams,
    query: productDetailQuery,
    response: productDetail,
    refusals: { 404: errorBody },
  }),
  brands: endpoint({
    method: 'GET',
    path: `${P}/getbrands/`,
    access: 'anonymous',
    summary: 'Vehicle makes',
    tags,
    response: optionList,
  }),
  brandById: endpoint({
    method: 'GET',
    path: `${P}/getbrandsbyid`,
    access: 'anonymous',
    summary: 'One vehicle make by id (empty list when unknown)',
    tags,
    query: brandsByIdQuery,
    response: optionList,
  }),
  models: endpoint({
    method: 'GET',
    path: `${P}/getmodels`,
    access: 'anonymous',
    summary: 'Models of a make',
    tags,
    query: modelsQuery,
    response: optionList,
  }),
  engines: endpoint({
    method: 'GET',
    path: `${P}/getmotorizations`,
    access: 'anonymous',
    summary: 'Engines of a model of a make',
    tags,
    query: motorizationsQuery,
    response: optionList,
  }),
  plate: endpoint({
    method: 'POST',
    path: `${P}/getbyplate`,
    access: { role: ROLES.searchplate },
    summary: 'The vehicle of a licence plate; the search is logged and its id is the searchLogId of the cart',
    tags,
    body: plateRequest,
    response: plateResponse,
    refusals: { 400: errorBody },
  }),
  availability: endpoint({
    method: 'GET',
    path: `${P}/checkAvailability/:id`,
    access: 'user',
    summary: 'Stock status and figure of an article in every store',
    tags,
    params: idParams,
    query: availabilityQuery,
    response: availabilityResponse,
    refusals: { 404: errorBody },
  }),
  /** Picture n of an article: the records' `image` and the detail's `images` are its URLs. */
  image: endpoint({
    method: 'GET',
    path: `${P}/image/:id/:n`,
    access: 'anonymous',
    summary: 'Picture n of an article (SVG)',
    tags,
    params: z.object({ id: z.coerce.number().int().positive(), n: z.coerce.number().int().min(1).max(9) }),
    produces: ['image/svg+xml'],
    response: fileBytes,
    refusals: { 404: errorBody },
  }),
  technicalFiles: endpoint({
    method: 'GET',
    path: '/api/infile/checkFicherosTecnicos',
    access: 'user',
    summary: 'Technical files (PDF) of a supplier’s reference',
    tags: ['files'],
    query: technicalFilesQuery,
    response: technicalFileList,
    refusals: { 400: errorBody },
  }),
  familyFiles: endpoint({
    method: 'GET',
    path: '/api/infile/checkFicherosFAQFamily',
    access: 'user',
    summary: 'Assembly guides (PDF) of a product family',
    tags: ['files'],
    query: faqFamilyFilesQuery,
    response: technicalFileList,
  }),
  technicalFile: endpoint({
    method: 'GET',
    path: '/api/infile/GetTechnicalFile',
    access: 'user',
    summary: 'Download a technical file; paths outside the technical-files root are refused',
    tags: ['files'],
    query: technicalFileQuery,
    produces: ['application/pdf'],
    response: fileBytes,
    refusals: { 400: errorBody, 404: errorBody },
  }),
};
