import { ArrowLeftOutlined } from '@ant-design/icons';
import { faqCalls } from '@portal/contract/faq';
import { Button, Card, Result, Skeleton, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { mayCall } from '@/lib/may-call';
import { useFaqPack } from '../api/get-faq-pack';
import { useNewFaqPack } from '../api/get-new-faq-pack';
import { FaqPackView } from '../components/faq-pack-view';
import '../components/faq.css';

// The editor (and its rich-text editor) loads for admins only: customers read the pack.
const FaqPackEditor = lazy(() => import('../components/faq-pack-editor').then((m) => ({ default: m.FaqPackEditor })));

/**
 * /faq/details/:id_faqpack and /faq/new: a pack with its responses. Customers read it; admins edit it (the pack form,
 * the response popup with its rich text and gallery images, reorder, delete); a new pack moves to its id after the
 * first save.
 */
export default function FaqDetailRoute({ ImagePicker }: { ImagePicker: ImagePickerComponent }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { id_faqpack } = useParams();
  const id = id_faqpack === undefined ? 0 : Number(id_faqpack);
  const { data: user } = useUser();
  const isAdmin = mayCall(faqCalls.put, user);
  const existing = useFaqPack(Number.isInteger(id) && id > 0 ? id : -1);
  const fresh = useNewFaqPack(lang, id === 0 && isAdmin);
  const pack = id === 0 ? fresh.data : existing.data;
  const back = (
    <Link to="/faq/packs">
      <Button type="text" icon={<ArrowLeftOutlined />}>
        {t('UI_Faq_BackToList')}
      </Button>
    </Link>
  );
  if (!Number.isInteger(id) || id < 0 || existing.isError || (id === 0 && user && !isAdmin)) {
    return <Result status="404" title={t('WARN_NotFound')} extra={back} />;
  }
  if (!pack || !user) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  return (
    <Card
      variant="borderless"
      title={
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {id === 0 ? t('UI_Title_FaqNew') : pack.nombre}
          {id > 0 && isAdmin ? <Tag>{t(`UI_Faq_Type_${pack.tipo_cod}`)}</Tag> : null}
        </span>
      }
      extra={back}
    >
      {isAdmin ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <FaqPackEditor key={pack.id_faqpack} pack={pack} ImagePicker={ImagePicker} />
        </Suspense>
      ) : (
        <FaqPackView pack={pack} />
      )}
    </Card>
  );
}
