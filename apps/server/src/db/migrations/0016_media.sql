-- Media (issue 12; docs/decisions/0024 and 0025).

-- The database storage (STORAGE=database): one row per file or folder, the content in 256 KiB chunks. An upload
-- writes its chunks under a row with no path (pending) and takes its path only when complete, so a cut upload
-- never shows; pending rows left by a crash are swept on start.
create table storage_objects (
  id bigserial primary key,
  path text unique,
  parent text,
  name text,
  is_folder boolean not null default false,
  size bigint not null default 0,
  content_type text,
  sha256 text,
  modified_at timestamptz not null default now(),
  check (path is not null or not is_folder)
);
create index storage_objects_parent on storage_objects (parent, is_folder desc, name) where path is not null;
create index storage_objects_pending on storage_objects (modified_at) where path is null;

create table storage_chunks (
  object_id bigint not null references storage_objects (id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (object_id, seq)
);

-- The image gallery (spec part 2 §7: group value 1). The slots (1 thumbnail, 2 medium, 3 banner) and the
-- original are files of the storage, made once at upload.
create table images (
  id serial primary key,
  group_id smallint not null default 1,
  name text not null,
  description text not null default '',
  content_hash text not null,
  mime text not null,
  width integer not null,
  height integer not null,
  size bigint not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index images_gallery on images (group_id, id desc);

create table image_slots (
  image_id integer not null references images (id) on delete cascade,
  slot smallint not null check (slot between 1 and 4),
  path text not null,
  mime text not null,
  width integer not null,
  height integer not null,
  size bigint not null,
  primary key (image_id, slot)
);
