import { CalendarOutlined, PictureOutlined } from '@ant-design/icons';
import type { PostSummary } from '@portal/contract/posts';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/format';

type Props = {
  news: PostSummary[] | undefined;
  events: PostSummary[] | undefined;
  loading: boolean;
  /** Which of the two this browser shows (/widgets). */
  showNews: boolean;
  showEvents: boolean;
};

/** The latest news (banner, title, date) and the upcoming calendar events, each opening its own page. */
export function DashboardNews({ news, events, loading, showNews, showEvents }: Props) {
  const { t } = useTranslation();
  if (!showNews && !showEvents) return null;
  return (
    <div className={`dashboard-content${showNews && showEvents ? '' : ' dashboard-content--single'}`}>
      {showNews ? (
        <Card
          title={<h2 className="dashboard-content__heading">{t('UI_Dashboard_News')}</h2>}
          variant="borderless"
          extra={<Link to="/post/1">{t('UI_Dashboard_AllNews')}</Link>}
          className="dashboard-content__news"
        >
          {loading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : news && news.length > 0 ? (
            <ul className="dashboard-news" data-testid="dashboard-news">
              {news.map((item) => (
                <li key={item.id_post} className="dashboard-news__item">
                  <Link to={`/post/${item.post_cod}/${item.id_post}`} className="dashboard-news__link">
                    {item.banner ? (
                      <img src={item.banner} alt="" className="dashboard-news__banner" loading="lazy" />
                    ) : (
                      <span className="dashboard-news__banner dashboard-news__banner--empty" aria-hidden>
                        <PictureOutlined />
                      </span>
                    )}
                    <span className="dashboard-news__title">{item.titulo}</span>
                  </Link>
                  <time dateTime={item.fecha_creacion} className="dashboard-news__date">
                    {formatDate(item.fecha_creacion)}
                  </time>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Dashboard_NoNews')} />
          )}
        </Card>
      ) : null}
      {showEvents ? (
        <Card
          title={<h2 className="dashboard-content__heading">{t('UI_Dashboard_Events')}</h2>}
          variant="borderless"
          extra={<Link to="/post/3">{t('UI_Dashboard_AllEvents')}</Link>}
          className="dashboard-content__events"
        >
          {loading ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : events && events.length > 0 ? (
            <ul className="dashboard-events" data-testid="dashboard-events">
              {events.map((event) => (
                <li key={event.id_post} className="dashboard-events__item">
                  <CalendarOutlined aria-hidden className="dashboard-events__icon" />
                  <span>
                    <Link to={`/post/${event.post_cod}/${event.id_post}`}>{event.titulo}</Link>
                    <br />
                    <time dateTime={event.fecha_inicio ?? undefined} className="dashboard-news__date">
                      {formatDateTime(event.fecha_inicio)}
                    </time>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Dashboard_NoEvents')} />
          )}
        </Card>
      ) : null}
    </div>
  );
}
