import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { useSearchParams } from 'react-router';
import type { DisciplineTree, SubTitle } from '@hpbc/shared';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { Table } from '../../../components/ui/table';
import { cx } from '../../../lib/cx';
import { recordId } from '../../../lib/record-id';
import { disciplinesQuery, hierarchyQuery } from '../api/recommendations.api';

/** The selected discipline lives in the URL (?discipline=<id>) so a view can be linked. */
function useSelectedDisciplineId(): [number | undefined, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const id = recordId(params.get('discipline')) ?? undefined;
  return [id, (next) => setParams({ discipline: String(next) }, { replace: true, preventScrollReset: true })];
}

/**
 * Whether the page is in Burmese: each text then shows its Burmese (`name_my`, `content_my`)
 * where the committee gave one, and otherwise the English marked lang="en" so screen readers
 * switch voice (decision 106).
 */
const InBurmese = createContext(false);

/** A text of the tree in the page's language, falling back to the English one. */
function Said({ en, my }: { en: string; my?: string | undefined }): ReactNode {
  const burmese = useContext(InBurmese);
  if (!burmese) return <span>{en}</span>;
  return my ? <span>{my}</span> : <span lang="en">{en}</span>;
}

/** Whether any text of the tree has no Burmese (the page then says the English stands in). */
function lacksBurmese(tree: DisciplineTree): boolean {
  return tree.sub_disciplines.some(
    (sd) =>
      !sd.name_my ||
      sd.titles.some(
        (t) =>
          !t.name_my ||
          t.sub_titles.some(
            (st) => !st.name_my || st.items.some((i) => !i.name_my || (i.content !== null && !i.content_my)),
          ),
      ),
  );
}

function Empty({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-lg font-semibold text-slate-700">
      {children}
    </p>
  );
}

function Principles({ subTitle }: { subTitle: SubTitle }) {
  const { t } = useTranslation('recommendations');
  if (subTitle.items.length === 0) return <span className="text-slate-600 italic">{t('noPrinciples')}</span>;
  return (
    <ul className="list-disc space-y-1.5 ps-5">
      {subTitle.items.map((item) => (
        <li key={item.id}>
          <span className="font-semibold">
            <Said en={item.name} my={item.name_my} />
          </span>
          {item.content ? (
            <>
              {' '}
              &mdash; <Said en={item.content} my={item.content_my} />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function DisciplineContent({ tree }: { tree: DisciplineTree }) {
  const { t } = useTranslation('recommendations');
  const burmese = useContext(InBurmese);
  const plain = (x: { name: string; name_my?: string | undefined }) => (burmese && x.name_my ? x.name_my : x.name);
  if (tree.sub_disciplines.length === 0) return <Empty>{t('noneForDiscipline')}</Empty>;
  return (
    <div className="space-y-10">
      {tree.sub_disciplines.map((sd) => (
        <section key={sd.id} aria-labelledby={`sd-${sd.id}`} className="space-y-6">
          <h3 id={`sd-${sd.id}`} className="border-b-2 border-blue-800 pb-2 text-xl font-bold text-slate-900">
            <Said en={sd.name} my={sd.name_my} />
          </h3>
          {sd.titles.length === 0 && <p className="text-slate-600 italic">{t('noPrinciples')}</p>}
          {sd.titles.map((title) => (
            <div key={title.id} className="space-y-3">
              <h4 className="text-lg font-semibold text-slate-900">
                <Said en={title.name} my={title.name_my} />
              </h4>
              {title.sub_titles.length === 0 ? (
                <p className="text-slate-600 italic">{t('noPrinciples')}</p>
              ) : (
                <Table caption={`${plain(sd)}: ${plain(title)}`} captionHidden>
                  <thead>
                    <tr>
                      <th scope="col" className="w-1/3">
                        {t('columns.subtitle')}
                      </th>
                      <th scope="col">{t('columns.principles')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {title.sub_titles.map((st) => (
                      <tr key={st.id}>
                        <td className="font-semibold text-slate-900">
                          <Said en={st.name} my={st.name_my} />
                        </td>
                        <td>
                          <Principles subTitle={st} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

/**
 * Specification section 2, Technical Recommendation: discipline buttons sorted by id with
 * the selected one pressed, then its sub-disciplines, titles and sub-title tables.
 */
export function RecommendationBrowser() {
  const { t, i18n } = useTranslation('recommendations');
  const burmese = i18n.language === 'my';
  // A discipline's Burmese name is the committee's (name_my), else the locale file's name for
  // the seven of the specification, else the English one marked as English (decision 106).
  const disciplineName = (d: { name: string; name_my?: string | undefined }) => {
    const known = t(`disciplineNames.${d.name}`, { defaultValue: '' });
    return <Said en={d.name} my={d.name_my ?? (known || undefined)} />;
  };
  const [requestedId, select] = useSelectedDisciplineId();
  const disciplines = useQuery(disciplinesQuery());
  const list = disciplines.data ?? [];
  const selected = list.find((d) => d.id === requestedId) ?? list[0];
  const hierarchy = useQuery({ ...hierarchyQuery(selected?.id ?? 0), enabled: selected !== undefined });

  if (disciplines.isPending) return <LoadingBlock label={t('loading')} />;
  if (disciplines.isError) {
    return <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void disciplines.refetch()} />;
  }
  if (!selected) return <Empty>{t('noneFound')}</Empty>;

  const tree = hierarchy.data?.[0];
  return (
    <InBurmese.Provider value={burmese}>
      <div className="space-y-8">
        <div role="group" aria-label={t('disciplines')} className="flex flex-wrap gap-2">
          {list.map((d) => {
            const active = d.id === selected.id;
            return (
              <button
                key={d.id}
                type="button"
                aria-pressed={active}
                onClick={() => select(d.id)}
                className={cx(
                  'min-h-11 rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
                  active
                    ? 'border-blue-800 bg-blue-800 text-white shadow-sm'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-blue-700 hover:bg-blue-50',
                )}
              >
                {disciplineName(d)}
              </button>
            );
          })}
        </div>

        <section aria-labelledby="discipline-heading" aria-busy={hierarchy.isFetching} className="space-y-6">
          <h2 id="discipline-heading" className="text-2xl font-bold text-slate-900">
            {disciplineName(selected)}
          </h2>
          {burmese && tree && lacksBurmese(tree) && <p className="text-sm text-slate-600">{t('partlyInEnglish')}</p>}
          {hierarchy.isPending ? (
            <LoadingBlock label={t('loading')} />
          ) : hierarchy.isError ? (
            <LoadFailed title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void hierarchy.refetch()} />
          ) : tree ? (
            <DisciplineContent tree={tree} />
          ) : (
            <Empty>{t('noneFound')}</Empty>
          )}
        </section>
      </div>
    </InBurmese.Provider>
  );
}
