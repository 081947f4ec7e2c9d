import { faqCalls } from '@portal/contract/faq';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { mayCall } from '@/lib/may-call';
import { useFaq } from '../api/get-faq';
import { FaqPacksGrid } from '../components/faq-packs-grid';
import { FaqSearch } from '../components/faq-search';
import '../components/faq.css';

/**
 * /faq/packs (header "?" link and shortcut): the active packs of the reader's language as questions and answers they
 * search; admins also get the grid of every pack (GetFaqPackJqGrid) to open, create and delete packs.
 */
export default function FaqPacksRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data: user } = useUser();
  const isAdmin = mayCall(faqCalls.grid, user);
  const faq = useFaq(lang);
  return (
    <>
      {isAdmin ? (
        <Card variant="borderless" title={t('UI_Faq_Packs')} style={{ marginBottom: 16 }}>
          <FaqPacksGrid />
        </Card>
      ) : null}
      <Card variant="borderless" title={t('UI_Title_FaqPacks')}>
        <FaqSearch packs={faq.data} loading={faq.isPending} />
      </Card>
    </>
  );
}
