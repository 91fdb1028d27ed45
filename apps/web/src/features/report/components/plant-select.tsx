import { Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantOptions } from '../../../entities/plant/plant-options-api.ts';

/** A chosen plant with its name, so that the tag keeps its name when a search no longer lists it. */
export interface PlantPick {
  value: number;
  label: string;
}

/** Typing waits this long before the plants are searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The plants a report covers, searched by name on the server; none = every plant in scope. The choice
 * counts when the list closes (or a tag is removed while it is closed), so that picking five plants
 * builds the report once, not five times.
 */
export function PlantSelect({
  value,
  onChange,
}: {
  value: PlantPick[];
  onChange: (plants: PlantPick[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PlantPick[] | null>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // Most plants one search offers: typing narrows them by name.
  const options = usePlantOptions(search, { enabled: open || search !== '', limit: 100 });
  const shown = draft ?? value;

  const commit = (plants: PlantPick[]) => {
    setDraft(null);
    const same = plants.length === value.length && plants.every((p, i) => p.value === value[i]?.value);
    if (!same) onChange(plants);
  };

  return (
    <Select<PlantPick[]>
      mode="multiple"
      labelInValue
      allowClear
      maxTagCount="responsive"
      style={{ width: 300 }}
      popupMatchSelectWidth={360}
      placeholder={t('report:bar.allPlants')}
      aria-label={t('common:field.plantIds')}
      data-testid="report-plants"
      value={shown}
      loading={options.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped, autoClearSearchValue: false }}
      notFoundContent={options.isFetching ? null : undefined}
      options={(options.data ?? []).map((p) => ({ value: p.id, label: p.stationName, orgName: p.orgName }))}
      optionRender={(option) => (
        <span>
          {option.label}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {option.data.orgName}
          </Typography.Text>
        </span>
      )}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTyped('');
          if (draft) commit(draft);
        }
      }}
      onChange={(plants) => {
        const picked = plants.map((p) => ({ value: p.value, label: String(p.label) }));
        if (open) setDraft(picked);
        else commit(picked);
      }}
    />
  );
}
