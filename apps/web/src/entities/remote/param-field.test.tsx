import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { ParamField } from './param-field.tsx';

describe('ParamField', () => {
  it('shows and reads a decimal parameter as German writes it (287,5 V)', async () => {
    let value: unknown;
    await renderWithApp(
      <Form initialValues={{ overVoltage1: 287.5 }} onValuesChange={(_, all) => (value = all.overVoltage1)}>
        <ParamField paramKey="overVoltage1" reported={287.5} changed={false} />
      </Form>,
      { lang: 'de-DE' },
    );
    const input = screen.getByTestId('param-overVoltage1') as HTMLInputElement;
    expect(input.value).toBe('287,5');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '264,5');
    await waitFor(() => expect(value).toBe(264.5));
  });
});
