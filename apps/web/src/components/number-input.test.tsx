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
});
