import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '../../components/labels.ts';

type Role = { id: number; roleName: string; roleCode?: string; builtin?: boolean };

/**
 * A user's roles: the first two as tags one under the other, the rest behind a "+n" tag with a tooltip.
 * Each tag shows its whole name, wrapping if it is long: cut at a fixed width, roles that begin alike
 * ("Installateur-Administ…") could not be told apart.
 */
export function RoleTags({ roles }: { roles: Role[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return <span>—</span>;
  const names = roles.map((r) => ({ id: r.id, name: roleLabel(t, r) }));
  const shown = names.slice(0, 2);
  const rest = names.slice(2);
  return (
    <Flex vertical gap={4} align="start">
      {shown.map((r) => (
        <Tag key={r.id} style={{ maxWidth: 200, whiteSpace: 'normal', marginInlineEnd: 0 }}>
          {r.name}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((r) => r.name).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </Flex>
  );
}
