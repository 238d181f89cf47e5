import type { z } from 'zod';
import {
  messageCode,
  rule,
  RECOMMENDATION_LEVELS,
  type AdminTreeNode,
  type RecommendationLevel,
  type recommendationNodeSchema,
} from '@hpbc/shared';
import type { Actor, ModuleDeps } from '../../module-deps';
import { withTransaction, type Db } from '../../db/client';
import { HttpError, ValidationError, forbidden } from '../../lib/http-errors';
import { contentChanged } from '../../lib/content-changed';
import { recordAudit } from '../audit/audit.repository';
import { LEVELS, recommendationTreeRepository, type NodeRow, type NodeTexts } from './recommendation-tree.repository';

type NodeInput = z.output<typeof recommendationNodeSchema>;

/** The texts of a node as given, English and Burmese. */
const textsOf = (input: NodeInput): NodeTexts => ({
  name: input.name,
  name_my: input.name_my,
  content: input.content,
  content_my: input.content_my,
});

/**
 * Editing the technical recommendation tree: each change and its audit entry in one
 * transaction; the public tree is rebuilt at once.
 */
export function recommendationTreeService(deps: ModuleDeps) {
  const { database } = deps;
  const repo = recommendationTreeRepository(database.db);
  const check = (actor: Actor) => {
    if (!actor.user.isAdmin) throw forbidden(messageCode('admins_only'));
  };
  const missing = () => new HttpError(404, messageCode('recommendation_not_found'));

  async function change<T>(work: (r: ReturnType<typeof recommendationTreeRepository>, tx: Db) => Promise<T>) {
    const result = await withTransaction(database.db, async (tx) => {
      return work(recommendationTreeRepository(tx), tx);
    });
    contentChanged(database, 'recommendations');
    return result;
  }

  return {
    /** The whole tree with ids and positions, for the editor (read fresh, not from the public cache). */
    async tree(actor: Actor): Promise<AdminTreeNode[]> {
      check(actor);
      const levels = await Promise.all(RECOMMENDATION_LEVELS.map((l) => repo.all(l)));
      const nodes = (level: number, parentId: number | null): AdminTreeNode[] =>
        (levels[level] ?? [])
          .filter((n) => level === 0 || n.parent_id === parentId)
          .map((n) => ({
            id: n.id,
            level: RECOMMENDATION_LEVELS[level]!,
            name: n.name,
            name_my: n.name_my,
            position: n.position,
            ...(n.content !== undefined ? { content: n.content, content_my: n.content_my ?? null } : {}),
            children: level + 1 < RECOMMENDATION_LEVELS.length ? nodes(level + 1, n.id) : [],
          }));
      return nodes(0, null);
    },

    async create(actor: Actor, level: RecommendationLevel, input: NodeInput): Promise<NodeRow> {
      check(actor);
      const spec = LEVELS[level];
      if (spec.parent) {
        if (input.parent_id === undefined) throw new ValidationError({ parent_id: [rule('required', 'parent_id')] });
        if (!(await repo.find(spec.parent.level, input.parent_id))) {
          throw new ValidationError({ parent_id: [rule('exists', 'parent_id')] });
        }
      }
      return change(async (r, tx) => {
        const position = input.position ?? (await r.nextPosition(level, input.parent_id));
        const id = await r.insert(level, { ...textsOf(input), position, parentId: input.parent_id });
        const after = (await r.find(level, id))!;
        await recordAudit(tx, actor, { action: 'create', recordType: spec.recordType, recordId: id, after });
        return after;
      });
    },

    async update(actor: Actor, level: RecommendationLevel, id: number | null, input: NodeInput): Promise<NodeRow> {
      check(actor);
      if (id === null) throw missing();
      return change(async (r, tx) => {
        const before = await r.find(level, id);
        if (!before) throw missing();
        await r.update(level, id, { ...textsOf(input), position: input.position });
        const after = (await r.find(level, id))!;
        await recordAudit(tx, actor, {
          action: 'update',
          recordType: LEVELS[level].recordType,
          recordId: id,
          before,
          after,
        });
        return after;
      });
    },

    /** Deletes a node and everything below it; the audit entry keeps the node as it was. */
    async remove(actor: Actor, level: RecommendationLevel, id: number | null): Promise<void> {
      check(actor);
      if (id === null) throw missing();
      await change(async (r, tx) => {
        const before = await r.find(level, id);
        if (!before) throw missing();
        await r.remove(level, id);
        await recordAudit(tx, actor, { action: 'delete', recordType: LEVELS[level].recordType, recordId: id, before });
      });
    },
  };
}
