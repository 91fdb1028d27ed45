import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { NumberInput } from './number-input.tsx';

function NumberForm({ initial, onValue }: { initial?: number; onValue: (v: unknown) => void }) {
  return (
    <Form initialValues={{ value: initial }} onValuesChange={(_, all) => onValue(all.value)}>
      <Form.Item name="value">
        <NumberInput step={0.1} data-testid="number" />
      </Form.Item>
    </Form>
  );
}

describe('NumberInput', () => {
  it('shows German decimals with a comma, and reads a typed comma as the decimal point', async () => {
    let value: unknown;
    await renderWithApp(<NumberForm initial={287.5} onValue={(v) => (value = v)} />, { lang: 'de-DE' });
    const input = screen.getByTestId('number') as HTMLInputElement;
    expect(input.value).toBe('287,5');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '264,25');
    await waitFor(() => expect(value).toBe(264.25));
    await user.tab();
    expect(input.value).toBe('264,25');
  });

  it('keeps the point in English', async () => {
    let value: unknown;
    await renderWithApp(<NumberForm initial={287.5} onValue={(v) => (value = v)} />, { lang: 'en-GB' });
    const input = screen.getByTestId('number') as HTMLInputElement;
    expect(input.value).toBe('287.5');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '1.75');
    await waitFor(() => expect(value).toBe(1.75));
  });

  it('shows a coordinate as typed, without zeros after its last digit, rounded to 6 decimals', async () => {
    let value: unknown;
    await renderWithApp(
      <Form initialValues={{ lat: 48.137 }} onValuesChange={(_, all) => (value = all.lat)}>
        <Form.Item name="lat">
          <NumberInput step={0.0001} precision={6} trimZeros data-testid="lat" />
        </Form.Item>
      </Form>,
      { lang: 'de-DE' },
    );
    const input = screen.getByTestId('lat') as HTMLInputElement;
    expect(input.value).toBe('48,137');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '11,50');
    // What is typed stays while typing (the zero too); on leaving the field the zero goes.
    expect(input.value).toBe('11,50');
    await user.tab();
    expect(value).toBe(11.5);
    expect(input.value).toBe('11,5');
    await user.clear(input);
    await user.type(input, '48,12345678');
    await user.tab();
    expect(value).toBe(48.123457);
    expect(input.value).toBe('48,123457');
    await user.clear(input);
    await user.type(input, '-7');
    await user.tab();
    expect(value).toBe(-7);
    expect(input.value).toBe('-7');
  });

  it('trims the zeros with the point in English too', async () => {
    await renderWithApp(
      <Form initialValues={{ lng: 11.5 }}>
        <Form.Item name="lng">
          <NumberInput step={0.0001} precision={6} trimZeros data-testid="lng" />
        </Form.Item>
      </Form>,
      { lang: 'en-GB' },
    );
    expect((screen.getByTestId('lng') as HTMLInputElement).value).toBe('11.5');
  });
});
