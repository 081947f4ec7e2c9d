import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Select, Skeleton, Tag } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import { useUserStores } from '../api/get-user-stores';
import { usePutUserStoresMutation } from '../api/put-user-stores';

type Props = { userId: string; notify: MessageInstance };

/**
 * The stores a user works with, in order (decision 0033): the first is the default, the home store of the user's
 * cart lines and of the catalogue's stock in "my store".
 */
export function UserStores({ userId, notify }: Props) {
  const { t } = useTranslation();
  const stores = useUserStores(userId);
  const save = usePutUserStoresMutation(userId);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (stores.data) setChosen(stores.data.filter((s) => s.selected).map((s) => s.INVENTLOCATIONID));
  }, [stores.data]);

  if (stores.isPending) return <Skeleton active />;
  if (stores.isError)
    return <p role="alert">{t('UI_People_LoadFailed', { message: translateMessage(stores.error.message) })}</p>;
  const nameOf = (id: string) => stores.data.find((s) => s.INVENTLOCATIONID === id)?.NAME ?? id;
  const move = (from: number, to: number) =>
    setChosen((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });

  return (
    <div className="users-stores" data-testid="user-stores-list">
      <p className="users-hint">{t('UI_People_StoresHint')}</p>
      {chosen.length === 0 ? (
        <p className="users-hint">{t('UI_People_NoStores')}</p>
      ) : (
        <ol className="users-stores__list">
          {chosen.map((id, i) => (
            <li key={id} data-testid="user-store">
              <span className="users-stores__name">
                {nameOf(id)} <code>{id}</code> {i === 0 && <Tag color="green">{t('UI_People_DefaultStore')}</Tag>}
              </span>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
                aria-label={t('UI_People_MoveUp', { store: nameOf(id) })}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === chosen.length - 1}
                onClick={() => move(i, i + 1)}
                aria-label={t('UI_People_MoveDown', { store: nameOf(id) })}
              />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setChosen((l) => l.filter((s) => s !== id))}
                aria-label={t('UI_People_RemoveStore', { store: nameOf(id) })}
              />
            </li>
          ))}
        </ol>
      )}
      <Select
        className="users-stores__add"
        value={null}
        placeholder={t('UI_People_AddStore')}
        aria-label={t('UI_People_AddStore')}
        options={stores.data
          .filter((s) => !chosen.includes(s.INVENTLOCATIONID))
          .map((s) => ({ value: s.INVENTLOCATIONID, label: `${s.NAME} (${s.INVENTLOCATIONID})` }))}
        onChange={(v: string | null) => v && setChosen((l) => [...l, v])}
        data-testid="user-store-add"
      />
      <Button
        type="primary"
        onClick={() => save.mutate(chosen, { onSuccess: (res) => void notify.success(t(res.message)) })}
        loading={save.isPending}
        data-testid="stores-save"
      >
        {t('UI_People_SaveStores')}
      </Button>
    </div>
  );
}
