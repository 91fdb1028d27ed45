import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The firmware versions the spec names, in this order; anything else a device reports follows. */
export const VERSION_KEYS = ['inverter', 'dongle', 'safety', 'hmi'] as const;

export const versionLabel = (t: TFunction, key: string): string =>
  ({
    inverter: t('device:version.inverter'),
    dongle: t('device:version.dongle'),
    safety: t('device:version.safety'),
    hmi: t('device:version.hmi'),
    bms: t('device:version.bms'),
  })[key] ?? key;

/** The reported versions: the spec's four first, then the rest by name. */
const orderedKeys = (versions: Record<string, string>, first?: string) => {
  const keys = [
    ...VERSION_KEYS.filter((k) => versions[k]),
    ...Object.keys(versions)
      .filter((k) => !(VERSION_KEYS as readonly string[]).includes(k))
      .sort(),
  ];
  return first && keys.includes(first) ? [first, ...keys.filter((k) => k !== first)] : keys;
};

/** Versions one per line, in small type. */
export function VersionList({ versions }: { versions: Record<string, string> }) {
  const { t } = useTranslation();
  const keys = orderedKeys(versions);
  if (keys.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical style={{ fontSize: 12, lineHeight: '18px' }} data-testid="device-versions">
      {keys.map((k) => (
        <span key={k} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {versionLabel(t, k)}
          </Typography.Text>{' '}
          {versions[k]}
        </span>
      ))}
    </Flex>
  );
}

/**
 * A table cell's summary: the device's own version with the number of others ("+3", all in a tooltip),
 * and which firmware it is beneath it in small type; side by side they made the column wider than the
 * names beside it.
 */
export function VersionSummary({ versions, primary }: { versions: Record<string, string>; primary: string }) {
  const { t } = useTranslation();
  const keys = orderedKeys(versions, primary);
  const [first] = keys;
  if (!first) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tooltip title={<VersionList versions={versions} />} color="white">
      <div style={{ whiteSpace: 'nowrap' }} data-testid="device-versions">
        {versions[first]}
        {keys.length > 1 && (
          <Tag bordered={false} style={{ marginInlineStart: 6 }}>
            +{keys.length - 1}
          </Tag>
        )}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {versionLabel(t, first)}
        </Typography.Text>
      </div>
    </Tooltip>
  );
}
