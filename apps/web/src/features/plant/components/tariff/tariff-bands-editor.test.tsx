import type { TariffBand } from '@pvstar/contract/tariff';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render.tsx';
import { TariffBandsEditor } from './tariff-bands-editor.tsx';

/** The editor as a form holds it: the value it shows is the last one it reported. */
function Harness(props: { initial: TariffBand[]; seen: TariffBand[][]; errors?: Record<number, string> }) {
  const [bands, setBands] = useState(props.initial);
  return (
    <TariffBandsEditor
      value={bands}
      currency="EUR"
      errors={props.errors}
      onChange={(next) => {
        props.seen.push(next);
        setBands(next);
      }}
    />
  );
}

const summer: TariffBand = { fromMonth: 4, toMonth: 9, days: 'WEEKDAY', fromHour: 7, toHour: 20, price: 0.4 };

describe('TariffBandsEditor', () => {
  it('adds a band, changes its hours and price, and removes another, reporting each list', async () => {
    const seen: TariffBand[][] = [];
    await renderWithApp(<Harness initial={[summer]} seen={seen} />);
    fireEvent.click(screen.getByTestId('tariff-band-add'));
    expect(seen.at(-1)).toEqual([
      summer,
      { fromMonth: 1, toMonth: 12, days: 'WEEKDAY', fromHour: 7, toHour: 20, price: 0 },
    ]);

    const to = screen.getByTestId('tariff-band-to-1');
    fireEvent.change(to, { target: { value: '22' } });
    fireEvent.blur(to);
    const price = screen.getByTestId('tariff-band-price-1');
    fireEvent.change(price, { target: { value: '0.25' } });
    fireEvent.blur(price);
    expect(seen.at(-1)![1]).toMatchObject({ toHour: 22, price: 0.25 });

    fireEvent.click(screen.getByTestId('tariff-band-remove-0'));
    expect(seen.at(-1)).toEqual([
      { fromMonth: 1, toMonth: 12, days: 'WEEKDAY', fromHour: 7, toHour: 22, price: 0.25 },
    ]);
    expect(screen.queryByTestId('tariff-band-1')).toBeNull();
  });

  it('names the months in the language and shows the server’s error under its band', async () => {
    await renderWithApp(
      <Harness
        initial={[summer, summer]}
        seen={[]}
        errors={{ 1: 'Überschneidet sich mit einem früheren Zeitfenster' }}
      />,
      {
        lang: 'de-DE',
      },
    );
    expect(within(screen.getByTestId('tariff-band-0')).getByText('April')).toBeTruthy();
    expect(within(screen.getByTestId('tariff-band-0')).getByText('September')).toBeTruthy();
    expect(within(screen.getByTestId('tariff-band-0')).getByText('Montag – Freitag')).toBeTruthy();
    expect(screen.getByTestId('tariff-band-error-1').textContent).toBe(
      'Überschneidet sich mit einem früheren Zeitfenster',
    );
    expect(screen.queryByTestId('tariff-band-error-0')).toBeNull();
    expect(screen.getByTestId('tariff-band-add').textContent).toContain('Zeitfenster hinzufügen');
  });
});
