import { SearchOutlined } from '@ant-design/icons';
import { type FaqPack, faqMatches } from '@portal/contract/faq';
import { Collapse, Empty, Input, Skeleton } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SafeHtml } from '@/components/safe-html';

type Props = { packs: FaqPack[] | undefined; loading: boolean };

/** The customers' FAQ: the active packs of their language as questions and answers, searched as they type. */
export function FaqSearch({ packs, loading }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!packs || packs.every((p) => p.faqpack_response.length === 0)) return <Empty description={t('UI_Faq_Empty')} />;
  const shown = packs
    .map((pack) => ({ pack, responses: pack.faqpack_response.filter((r) => faqMatches(r, deferred)) }))
    .filter((x) => x.responses.length > 0);
  const found = shown.reduce((n, x) => n + x.responses.length, 0);
  const searching = deferred.trim() !== '';
  return (
    <div className="faq-search">
      <div className="faq-search__bar">
        <Input
          allowClear
          size="large"
          prefix={<SearchOutlined />}
          aria-label={t('UI_Faq_Search')}
          placeholder={t('UI_Faq_SearchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="faq-search"
        />
        {searching ? (
          <span className="faq-search__count" aria-live="polite" data-testid="faq-found">
            {t('UI_Faq_Found', { count: found })}
          </span>
        ) : null}
      </div>
      {shown.length === 0 ? <Empty description={t('UI_Faq_NoResults')} /> : null}
      {shown.map(({ pack, responses }) => (
        <section key={pack.id_faqpack} className="faq-pack" data-testid="faq-pack">
          <h2 className="faq-pack__title">
            {pack.nombre}
            <Link to={`/faq/details/${pack.id_faqpack}`} style={{ fontSize: 13, fontWeight: 400 }}>
              {t('UI_Faq_OpenPack')}
            </Link>
          </h2>
          {pack.descripcion ? <p className="faq-pack__description">{pack.descripcion}</p> : null}
          <Collapse
            // Searching opens the answers found; otherwise the questions show closed.
            key={searching ? `open-${deferred}` : 'closed'}
            defaultActiveKey={searching ? responses.map((r) => r.id_response) : []}
            items={responses.map((r) => ({
              key: r.id_response,
              label: <span data-testid="faq-question">{r.pregunta}</span>,
              children: <SafeHtml html={r.respuesta} className="faq-answer" />,
            }))}
          />
        </section>
      ))}
    </div>
  );
}
