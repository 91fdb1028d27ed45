import { Space, Tag, Tooltip } from 'antd';

/** A user's roles: the first two as tags, the rest behind a "+n" tag with a tooltip. */
export function RoleTags({ roles }: { roles: { id: number; roleName: string }[] }) {
  if (roles.length === 0) return <span>—</span>;
  const shown = roles.slice(0, 2);
  const rest = roles.slice(2);
  return (
    <Space size={[4, 4]} wrap={false}>
      {shown.map((r) => (
        <Tooltip key={r.id} title={r.roleName.length > 16 ? r.roleName : undefined}>
          <Tag style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', marginInlineEnd: 0 }}>
            {r.roleName}
          </Tag>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((r) => r.roleName).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}
