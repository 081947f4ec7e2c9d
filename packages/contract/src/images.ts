/** The image gallery (spec part 2 §2, §3, §4, §7, §9; part 1 §3): calls under /api/inimage and their rules. */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { endpoint, fileBytes, pathOf } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { uploadParts } from './files.ts';

/** The gallery's group value (spec part 2 §7: fixed at 1). */
export const IMAGE_GROUP = 1;

/** Page sizes of the gallery (spec part 2 §9): 15 by default, 15, 30 or 45. */
export const IMAGE_PAGE_SIZES = [15, 30, 45] as const;
export const IMAGE_PAGE_SIZE = 15;

/** The spec's image slots (part 2 §9): 1 thumbnail, 2 medium, 3 banner, 4 all (served: the whole image). */
export const IMAGE_SLOTS = { thumbnail: 1, medium: 2, banner: 3, all: 4 } as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[keyof typeof IMAGE_SLOTS];

/** The sizes each slot is made at, once, at upload ('cover' crops to the box, 'inside' keeps the whole image). */
export const IMAGE_SLOT_SIZES = {
  1: { width: 320, height: 240, fit: 'cover' },
  2: { width: 960, height: 720, fit: 'inside' },
  3: { width: 1600, height: 480, fit: 'cover' },
  4: { width: 4096, height: 4096, fit: 'inside' },
} as const;

export const IMAGE_LIMITS = { nameMax: 120, descriptionMax: 500 } as const;

/** The content types the gallery accepts (recognised by their bytes on the server). */
export const IMAGE_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The dictionary keys the rules answer with; the web shows the same ones. */
export const IMAGE_MESSAGES = {
  nameRequired: 'WARN_ImageNameRequired',
  nameTooLong: 'WARN_ImageNameTooLong',
  descriptionTooLong: 'WARN_ImageDescriptionTooLong',
  textNotAllowed: 'WARN_ImageTextNotAllowed',
  noImages: 'WARN_ImageNoFiles',
  tooLarge: 'WARN_FileTooLarge',
  tooMany: 'WARN_TooManyFiles',
  typeRefused: 'WARN_FileTypeRefused',
  unreadable: 'WARN_ImageUnreadable',
} as const;

// Control characters (tabs and new lines aside) are never part of a name or a description.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const NO_CONTROLS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const imageName = z
  .string()
  .trim()
  .min(1, IMAGE_MESSAGES.nameRequired)
  .max(IMAGE_LIMITS.nameMax, IMAGE_MESSAGES.nameTooLong)
  .regex(NO_CONTROLS, IMAGE_MESSAGES.textNotAllowed);

export const imageDescription = z
  .string()
  .trim()
  .max(IMAGE_LIMITS.descriptionMax, IMAGE_MESSAGES.descriptionTooLong)
  .regex(NO_CONTROLS, IMAGE_MESSAGES.textNotAllowed);

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (IMAGE_PAGE_SIZES as readonly number[]).includes(n), 'WARN_ValidationError');

/** GET getimages/ (id: the group, pindex: the page from 0, psize: 15, 30 or 45). */
export const imagesQuery = z.object({
  id: z.coerce.number().int().min(0).max(32767).default(IMAGE_GROUP),
  pindex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  psize: pageSize.default(IMAGE_PAGE_SIZE),
});
export type ImagesQuery = z.infer<typeof imagesQuery>;

export const imagesCountQuery = z.object({ id: z.coerce.number().int().min(0).max(32767).default(IMAGE_GROUP) });

export const imageParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET getimg/{id}: the slot (1 thumbnail, 2 medium, 3 banner, 4 the whole image) and the content hash. */
export const imageFileQuery = z.object({
  slot: z.coerce.number().int().min(1).max(4).default(IMAGE_SLOTS.all),
  v: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/** An image of the gallery; the URLs carry the content hash, so they are cached for good. */
export const image = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  hash: z.string(),
  created_at: z.string(),
  thumbnail_url: z.string(),
  medium_url: z.string(),
  banner_url: z.string(),
  url: z.string(),
});
export type Image = z.infer<typeof image>;
export const imageList = z.array(image);
export const imagesCount = z.number().int();

/** PUT putimg/{id}: rename or describe. */
export const imageUpdate = z.object({ name: imageName, description: imageDescription.default('') });
export type ImageUpdate = z.infer<typeof imageUpdate>;

export const imageDeleted = z.object({ id: z.number().int(), message: z.string() });

/** The URL of one slot of an image (the hash makes it immutable). */
export const imageUrl = (id: number, hash: string, slot: ImageSlot) =>
  `${pathOf(imageCalls.file, { id })}?slot=${slot}&v=${hash}`;

/** The avatar's URL (the /api/inimage form of the thumbnail). */
export const avatarUrl = (imageId: number) => pathOf(imageCalls.avatar, { id: imageId });

/** Previous is disabled on page 0; next when (page + 1) × size ≥ total (spec part 2 §4). */
export const galleryPaging = (page: number, size: number, total: number) => ({
  hasPrevious: page > 0,
  hasNext: (page + 1) * size < total,
});

const tags = ['images'] as const;
const admin = { rank: RANK.admin } as const;

/**
 * The gallery's calls (spec part 2 §7 "Images"; decision 0025; issue 24: each declared once): customers read, admins
 * upload, rename and delete; an image's bytes (getimg) and the avatar's thumbnail, which answer 304 to a
 * revalidation.
 */
/** The avatar's thumbnail, the same call under each of its two paths. */
const avatarCall = <P extends `/${string}`>(path: P) =>
  endpoint({
    method: 'GET',
    path,
    access: 'anonymous',
    summary: 'The thumbnail of an image (a user’s avatar)',
    tags,
    params: imageParams,
    query: imageFileQuery.pick({ v: true }),
    produces: ['image/webp'],
    response: fileBytes,
    notModified: true,
    refusals: { 404: errorBody },
  });

export const imageCalls = {
  page: endpoint({
    method: 'GET',
    path: '/api/inimage/getimages/',
    access: 'user',
    summary: 'A page of the gallery, newest first (id: group, 1 for the gallery; pindex from 0; psize 15, 30, 45)',
    tags,
    query: imagesQuery,
    response: imageList,
    refusals: { 400: errorBody },
  }),
  count: endpoint({
    method: 'GET',
    path: '/api/inimage/getimagescount/',
    access: 'user',
    summary: 'How many images the gallery holds',
    tags,
    query: imagesCountQuery,
    response: imagesCount,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/inimage/upload',
    access: admin,
    summary: 'Upload one or more images (multipart/form-data, any field name); answers the uploaded images',
    description:
      'JPEG, PNG, WebP or GIF, recognised by their bytes (SVG and executables refused: 415 WARN_FileTypeRefused); ' +
      'each file at most UPLOAD_MAX_FILE_MB, at most UPLOAD_MAX_FILES files (413 WARN_FileTooLarge / ' +
      'WARN_TooManyFiles, refused while streaming). All or nothing.',
    tags,
    consumes: ['multipart/form-data'],
    multipart: uploadParts,
    response: imageList,
    refusals: { 400: errorBody, 413: errorBody, 415: errorBody },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/inimage/putimg/:id',
    access: admin,
    summary: 'Rename or describe an image',
    tags,
    params: imageParams,
    body: imageUpdate,
    response: image,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/inimage/deleteimg/:id',
    access: admin,
    summary: 'Delete an image and its files',
    tags,
    params: imageParams,
    response: imageDeleted,
    refusals: { 404: errorBody },
  }),
  /**
   * An image's bytes. With the content hash (`v`) anybody may read them (an <img> sends no token), else a signed-in
   * caller; without the hash nothing, not even whether the image exists, is told to an anonymous caller (decision
   * 0025).
   */
  file: endpoint({
    method: 'GET',
    path: '/api/inimage/getimg/:id',
    access: 'optional',
    summary: 'An image in a slot: 1 thumbnail, 2 medium, 3 banner, 4 the whole image (default)',
    description:
      'With v = the content hash the answer is public and immutable; without it a signed-in caller is needed. ' +
      'ETag and If-None-Match (304).',
    tags,
    params: imageParams,
    query: imageFileQuery,
    produces: ['image/webp', 'image/jpeg', 'image/png'],
    response: fileBytes,
    notModified: true,
    refusals: { 401: errorBody, 404: errorBody },
  }),
  /** The avatar (spec part 1 §3: images/thumbnail/{image_id}): public, as an <img> sends no token. The web's form. */
  avatar: avatarCall('/api/inimage/thumbnail/:id'),
  /** The same under the spec's path. */
  avatarSpec: avatarCall('/api/images/thumbnail/:id'),
};
