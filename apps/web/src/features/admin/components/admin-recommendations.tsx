import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RECOMMENDATION_LEVELS,
  recommendationNodeSchema,
  type AdminTreeNode,
  type Locale,
  type RecommendationLevel,
} from '@hpbc/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { EmptyBlock, LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { serverMessageOr, useMessageText, validate } from '../../../lib/auth/form-errors';
import { formatNumber } from '../../../lib/format';
import { langOf } from '../../../lib/script-lang';
import { useSaveForm } from '../../../lib/use-save-form';
import { deleteRecommendationNode, recommendationTreeQuery, saveRecommendationNode } from '../api/admin-public-data';
import { AdminPage, type AdminEditDialogProps, dialogLabels } from './admin-page';
import { ConfirmDialog } from './confirm-dialog';
import { labelOf } from './register-editor';

const childLevel = (level: RecommendationLevel): RecommendationLevel | undefined =>
  RECOMMENDATION_LEVELS[RECOMMENDATION_LEVELS.indexOf(level) + 1];

type Editing =
  { mode: 'add'; level: RecommendationLevel; parent: AdminTreeNode | null } | { mode: 'edit'; node: AdminTreeNode };

/** The technical recommendation tree: add, rename, reorder and delete nodes at every level. */
export function AdminRecommendations() {
  const { t, i18n } = useTranslation('admin-data');
  const locale: Locale = i18n.language === 'my' ? 'my' : 'en';
  const queryClient = useQueryClient();
  const tree = useQuery(recommendationTreeQuery());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminTreeNode | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'recommendations'] });

  async function remove(node: AdminTreeNode) {
    setBusy(true);
    try {
      await deleteRecommendationNode(node.level, node.id);
      setNotice({ kind: 'success', text: t('tree.deleted', { name: node.name }) });
      await refresh();
    } catch (e) {
      setNotice({ kind: 'error', text: serverMessageOr(e, t('saveFailed')) });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  function renderNodes(nodes: AdminTreeNode[], depth: number) {
    return (
      <ul className={depth === 0 ? 'space-y-3' : 'mt-2 space-y-2 border-l-2 border-slate-200 pl-3 sm:pl-5'}>
        {nodes.map((node, index) => {
          const child = childLevel(node.level);
          return (
            <li
              key={`${node.level}-${node.id}`}
              className={depth === 0 ? 'rounded-lg border border-slate-200 bg-white p-3 shadow-sm' : ''}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 flex-1">
                  <span className="mr-2 text-xs font-semibold text-slate-600 uppercase">
                    {t(`tree.levels.${node.level}`)}
                  </span>
                  <span className="mr-2 text-xs text-slate-600">
                    {/* The place a reader sees among its siblings, from 1 (stored positions may start at 0). */}
                    {t('tree.order', { position: formatNumber(index + 1, locale) })}
                  </span>
                  <span className={depth === 0 ? 'font-semibold break-words' : 'break-words'} lang={langOf(node.name)}>
                    {node.name}
                  </span>
                  {node.name_my && (
                    // The Burmese name under the English one, so a missing translation shows (decision 106).
                    <span className="block break-words text-slate-700" lang={langOf(node.name_my)}>
                      {node.name_my}
                    </span>
                  )}
                </p>
                <div className="flex flex-wrap gap-1.5">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('editNamed', { name: node.name })}
                    onClick={() => setEditing({ mode: 'edit', node })}
                  >
                    {t('edit')}
                  </Button>
                  {child && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('tree.addUnder', { level: t(`tree.levelsA.${child}`), name: node.name })}
                      onClick={() => setEditing({ mode: 'add', level: child, parent: node })}
                    >
                      {t('tree.add', { level: t(`tree.levelsA.${child}`) })}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('deleteNamed', { name: node.name })}
                    onClick={() => setDeleting(node)}
                  >
                    {t('delete')}
                  </Button>
                </div>
              </div>
              {node.children.length > 0 && renderNodes(node.children, depth + 1)}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <AdminPage title={t('tree.title')} intro={t('tree.intro')}>
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ mode: 'add', level: 'discipline', parent: null })}>
          {t('tree.add', { level: t('tree.levelsA.discipline') })}
        </Button>
      </div>
      {notice && (
        <Alert variant={notice.kind} dismissLabel={t('close')} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {tree.isPending && <LoadingBlock label={t('loading')} />}
      {tree.isError && (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void tree.refetch()} />
      )}
      {tree.isSuccess && tree.data.data.length === 0 && <EmptyBlock>{t('empty')}</EmptyBlock>}
      {tree.isSuccess && tree.data.data.length > 0 && (
        <section aria-label={t('tree.title')}>{renderNodes(tree.data.data, 0)}</section>
      )}
      {editing && (
        <NodeForm
          editing={editing}
          locale={locale}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            setNotice({ kind: 'success', text: t('saved', { name }) });
            void refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('tree.deleteTitle', { name: deleting.name })}
          confirmLabel={t('delete')}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        >
          <p>{t('tree.deleteBody')}</p>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

function NodeForm({ editing, locale, onClose, onSaved }: AdminEditDialogProps & { editing: Editing }) {
  const { t } = useTranslation('admin-data');
  const text = useMessageText();
  const level = editing.mode === 'add' ? editing.level : editing.node.level;
  const node = editing.mode === 'edit' ? editing.node : null;
  const [values, setValues] = useState({
    name: node?.name ?? '',
    name_my: node?.name_my ?? '',
    position: node ? String(node.position) : '',
    content: node?.content ?? '',
    content_my: node?.content_my ?? '',
  });
  const { errors, setErrors, failure, setFailure, saving, run } = useSaveForm(t('saveFailed'));
  // A blank Burmese text is sent as null: the node then has none and readers see the English.
  const payload = {
    name: values.name,
    name_my: values.name_my || null,
    position: values.position,
    ...(level === 'item' ? { content: values.content || null, content_my: values.content_my || null } : {}),
    ...(editing.mode === 'add' && editing.parent ? { parent_id: editing.parent.id } : {}),
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const found = validate(recommendationNodeSchema, payload);
    if (found) return setErrors(found);
    setErrors({});
    await run(async () => {
      await saveRecommendationNode(level, node?.id ?? null, payload);
      onSaved(values.name.trim());
    });
  }

  const errorOf = (f: string) => text(errors[f]?.[0]);
  const summary = ['name', 'name_my', 'position', 'content', 'content_my', 'parent_id']
    .filter((f) => errors[f]?.length)
    .map((f) => ({ fieldId: `node-${f}`, message: errorOf(f)! }));
  type NodeText = 'name' | 'name_my' | 'content' | 'content_my';
  /**
   * A text and its Burmese beside it (stacked on a phone), each box marked with its language
   * for screen readers and spelling checkers (decision 106). The Burmese box is the taller
   * (the Burmese line height of styles.css), so the pair lines up at the top.
   */
  const pair = (field: 'name' | 'content', rows: number) => (
    <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
      {(['en', 'my'] as const).map((lang) => {
        const name: NodeText = lang === 'en' ? field : `${field}_my`;
        return (
          <TextAreaField
            key={lang}
            id={`node-${name}`}
            label={labelOf(name, locale)}
            aria-describedby={lang === 'my' ? 'node-burmese-hint' : undefined}
            rows={rows}
            lang={lang}
            value={values[name]}
            error={errorOf(name) ?? (name === 'name' ? errorOf('parent_id') : undefined)}
            onChange={(e) => setValues({ ...values, [name]: e.target.value })}
          />
        );
      })}
    </div>
  );
  const title =
    editing.mode === 'add'
      ? editing.parent
        ? t('tree.addUnder', { level: t(`tree.levelsA.${level}`), name: editing.parent.name })
        : t('tree.add', { level: t(`tree.levelsA.${level}`) })
      : t('editTitle', { name: node!.name });

  return (
    <FormDialog
      title={title}
      formId="node-form"
      onClose={onClose}
      onSubmit={(e) => void save(e)}
      saving={saving}
      failure={failure}
      labels={dialogLabels(t)}
      size="lg"
    >
      {summary.length > 0 && <ErrorSummary title={t('fixErrors')} errors={summary} />}
      <p id="node-burmese-hint" className="text-sm text-slate-700">
        {t('tree.burmeseHint')}
      </p>
      {pair('name', 2)}
      <TextField
        id="node-position"
        label={labelOf('position', locale)}
        hint={t('tree.positionHint')}
        type="number"
        inputMode="numeric"
        value={values.position}
        error={errorOf('position')}
        onChange={(e) => setValues({ ...values, position: e.target.value })}
      />
      {level === 'item' && pair('content', 5)}
    </FormDialog>
  );
}
