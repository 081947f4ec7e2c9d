import type { FaqPack } from '@portal/contract/faq';
import { Collapse, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@/components/safe-html';

/** A pack as customers read it: its description and its questions, each opening its answer. */
export function FaqPackView({ pack }: { pack: FaqPack }) {
  const { t } = useTranslation();
  return (
    <div data-testid="faq-pack-view">
      {pack.descripcion ? <p className="faq-pack__description">{pack.descripcion}</p> : null}
      {pack.faqpack_response.length === 0 ? (
        <Empty description={t('UI_Faq_NoResponses')} />
      ) : (
        <Collapse
          items={pack.faqpack_response.map((r) => ({
            key: r.id_response,
            label: r.pregunta,
            children: <SafeHtml html={r.respuesta} className="faq-answer" />,
          }))}
        />
      )}
    </div>
  );
}
