import { ClockCircleOutlined, EditOutlined, EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { POST_KINDS } from '@portal/contract/posts';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SafeHtml } from '@/components/safe-html';
import { useLanguage } from '@/lib/language';
import { useHelp } from '../api/get-help';
import '../components/posts.css';

/**
 * /help (spec part 1 §2, part 2 §2): the help desk page in the reader's language (a page post admins edit) beside
 * the contact of the client's home store, from the store data.
 */
export default function HelpRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const help = useHelp(lang);
  const page = help.data?.page?.postposted[0];
  const store = help.data?.store;
  const editId = help.data?.edit_id;
  return (
    <Card
      variant="borderless"
      title={page?.titulo ?? t('UI_Help_Title')}
      className="posts-screen"
      extra={
        editId ? (
          <Button
            icon={<EditOutlined />}
            onClick={() => navigate(`/post/${POST_KINDS.page}/${editId}`)}
            data-testid="help-edit"
          >
            {t('UI_Help_Edit')}
          </Button>
        ) : null
      }
    >
      {help.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="help-layout">
          <div className="help-layout__page" data-testid="help-page">
            {page ? (
              <>
                {page.resumen ? <p className="post-view__summary">{page.resumen}</p> : null}
                <SafeHtml html={page.contenido} className="post-view__body" />
              </>
            ) : (
              <Alert type="info" showIcon title={t('UI_Help_Empty')} />
            )}
          </div>
          <aside className="help-layout__store" aria-labelledby="help-store-title" data-testid="help-store">
            <h2 id="help-store-title">{t('UI_Help_Store')}</h2>
            {store ? (
              <dl className="help-store">
                <dt className="help-store__name">{store.name}</dt>
                <dd>
                  <EnvironmentOutlined aria-hidden /> {store.street}, {store.zipcode} {store.city} ({store.province})
                </dd>
                {store.phone ? (
                  <dd>
                    <PhoneOutlined aria-label={t('UI_Help_Phone')} />{' '}
                    <a href={`tel:${store.phone.replace(/\s+/g, '')}`}>{store.phone}</a>
                  </dd>
                ) : null}
                {store.email ? (
                  <dd>
                    <MailOutlined aria-label={t('UI_Help_Email')} /> <a href={`mailto:${store.email}`}>{store.email}</a>
                  </dd>
                ) : null}
                {store.opening_hours ? (
                  <dd>
                    <ClockCircleOutlined aria-label={t('UI_Help_Hours')} /> {store.opening_hours}
                  </dd>
                ) : null}
              </dl>
            ) : (
              <p>{t('UI_Help_NoStore')}</p>
            )}
          </aside>
        </div>
      )}
    </Card>
  );
}
