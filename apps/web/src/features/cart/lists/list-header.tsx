import { EditOutlined, LockOutlined } from '@ant-design/icons';
import { LISTS, type ListSummary } from '@portal/contract/lists';
import { Button, Input, Switch, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateList } from '../api/lists';

/** A list's name (renamed in place: Enter saves, Escape gives up), its locked tag, and the lock of client admins. */
export function ListHeader({
  summary,
  mayLock,
  onError,
}: {
  summary: ListSummary;
  mayLock: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateList();
  const [renaming, setRenaming] = useState<string | null>(null);
  const renameId = useId();
  const id = summary.id;
  const edit = summary.mayEdit;
  const saveName = () => {
    if (renaming === null || renaming.trim() === summary.name) return setRenaming(null);
    update.mutate({ id, name: renaming }, { onSuccess: () => setRenaming(null), onError });
  };
  return (
    <div className="list-head">
      <div className="list-head-name">
        {renaming === null ? (
          <h2 data-testid="list-name">{summary.name}</h2>
        ) : (
          <Input
            id={renameId}
            aria-label={t('UI_LS_Name')}
            value={renaming}
            maxLength={LISTS.nameMax}
            autoFocus
            onChange={(e) => setRenaming(e.target.value)}
            onPressEnter={saveName}
            onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
            style={{ width: 280, maxWidth: '100%' }}
            data-testid="list-rename-input"
          />
        )}
        {renaming === null && edit ? (
          <Button icon={<EditOutlined />} onClick={() => setRenaming(summary.name)} data-testid="list-rename">
            {t('UI_LS_Rename')}
          </Button>
        ) : null}
        {renaming !== null ? (
          <Button type="primary" onClick={saveName} loading={update.isPending}>
            {t('UI_LS_Save')}
          </Button>
        ) : null}
        {summary.locked ? (
          <Tag icon={<LockOutlined />} className="lists-locked">
            {t('UI_LS_Locked')}
          </Tag>
        ) : null}
      </div>
      {mayLock ? (
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <Switch
            id={`${renameId}-lock`}
            checked={summary.locked}
            loading={update.isPending}
            onChange={(locked) => update.mutate({ id, locked }, { onError })}
            data-testid="list-lock"
          />
          <label htmlFor={`${renameId}-lock`}>{t('UI_LS_Locked')}</label>
        </span>
      ) : null}
    </div>
  );
}
