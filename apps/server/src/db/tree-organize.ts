import { checkPostedTree, type Placement, type PostedNode, TREE_MESSAGES } from '@portal/contract/content-tree';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { type Db, queryRows } from './client.ts';
import { int } from './rows.ts';

/** A refused save of a tree: WARN_SaveERR with the reason (spec part 2 §8 "WARN_SaveERR: {message}"). */
export const treeSaveError = (reason: string) =>
  new AppError(reason === TREE_MESSAGES.treeStale ? 409 : 400, TREE_MESSAGES.saveError, reason);

const versionRow = z.object({ version: int });

/**
 * Moves the tree's version on (inside the caller's transaction): from `expected` when given, refusing a tree that
 * another admin changed meanwhile; the row lock makes two concurrent saves of the same version one win, one refusal.
 */
export async function bumpTreeVersion(tx: Db, tree: string, expected?: number): Promise<number> {
  const rows = await queryRows(
    tx,
    expected === undefined
      ? sql`insert into content_tree_versions (tree, version) values (${tree}, 1)
            on conflict (tree) do update set version = content_tree_versions.version + 1 returning version`
      : sql`update content_tree_versions set version = version + 1
             where tree = ${tree} and version = ${expected} returning version`,
    versionRow,
  );
  if (!rows[0]) throw treeSaveError(TREE_MESSAGES.treeStale);
  return rows[0].version;
}

export async function treeVersion(db: Db, tree: string): Promise<number> {
  const rows = await queryRows(db, sql`select version from content_tree_versions where tree = ${tree}`, versionRow);
  return rows[0]?.version ?? 0;
}

/**
 * Checks a posted tree against the stored ids and returns where each node goes; refuses (WARN_SaveERR) a lost,
 * unknown or repeated node (a loop) or a root without a zone where roots need one.
 */
export function placementsOf(
  tree: readonly PostedNode[],
  storedIds: Iterable<number>,
  options: { rootsNeedZone?: boolean } = {},
): Placement[] {
  const check = checkPostedTree(tree, storedIds, options);
  if (!check.ok) throw treeSaveError(check.reason);
  return check.placements;
}

/** The placements as one JSON parameter, for one `update … from jsonb_to_recordset(…)` statement. */
export const placementsJson = (placements: readonly Placement[]) =>
  JSON.stringify(placements.map((p) => ({ id: p.id, parent: p.parentId, pos: p.position, zone: p.zoneId ?? null })));
