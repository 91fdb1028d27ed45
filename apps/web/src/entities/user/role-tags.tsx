import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../components/labels.ts';

type Role = { id: number; roleName: string; roleCode?: string; builtin?: boolean };

/** A user's roles: the first two as tags, the rest behind a "+n" tag with a tooltip. */
export function RoleTags({ roles }: { roles: Role[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return <span>—</span>;
  const names = roles.map((r) => ({ id: r.id, name: roleLabel(t, r) }));
  const shown = names.slice(0, 2);
  const rest = names.slice(2);
  return (
    <Space size={[4, 4]} wrap={false}>
      {shown.map((r) => (
        <Tooltip key={r.id} title={r.name.length > 16 ? r.name : undefined}>
          <Tag style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', marginInlineEnd: 0 }}>
            {r.name}
          </Tag>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((r) => r.name).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}
