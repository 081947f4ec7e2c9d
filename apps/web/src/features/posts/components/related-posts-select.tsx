import { POST_KINDS, type PostGridRow } from '@portal/contract/posts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPostsGrid } from '../api/get-posts-grid';
import { postKeys } from '../api/post-keys';

type Props = { id: string; value: number[]; onChange: (ids: number[]) => void };

/**
 * The posts related to a calendar event: news and product posts found by name (the admins' grid, newest first), the
 * chosen ones kept in their order.
 */
export function RelatedPostsSelect({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const params = {
    page: 1,
    rows: 30,
    sidx: 'Fecha_Creacion',
    sord: 'desc' as const,
    _search: search !== '',
    ...(search
      ? { filters: JSON.stringify({ groupOp: 'AND', rules: [{ field: 'Nombre', op: 'cn', data: search }] }) }
      : {}),
  };
  const kinds = [POST_KINDS.news, POST_KINDS.product];
  const found = useQuery({
    queryKey: postKeys.relatedSearch(search),
    queryFn: async () => (await Promise.all(kinds.map((k) => getPostsGrid(k, params)))).flatMap((r) => r.rows),
    placeholderData: (previous) => previous,
  });
  const [known, setKnown] = useState<Record<number, string>>({});
  const rows: PostGridRow[] = found.data ?? [];
  const options = [
    ...value.filter((v) => !rows.some((r) => r.Id_Post === v)).map((v) => ({ value: v, label: known[v] ?? `#${v}` })),
    ...rows.map((r) => ({ value: r.Id_Post, label: `${r.Nombre} (#${r.Id_Post})` })),
  ];
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      options={options}
      filterOption={false}
      showSearch={{ onSearch: setSearch }}
      loading={found.isFetching}
      placeholder={t('UI_Post_RelatedPlaceholder')}
      onChange={(ids: number[]) => {
        setKnown((k) => ({ ...k, ...Object.fromEntries(options.map((o) => [o.value, o.label])) }));
        onChange(ids);
      }}
      data-testid="post-related"
    />
  );
}
