import { system } from '@pvstar/contract/endpoints/system';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { answer } from '../test/server.ts';
import { ContactField, ContactTypeField } from './contact-field.tsx';

function ContactForm() {
  const [form] = Form.useForm();
  const type = Form.useWatch('contactType', form) ?? 'EMAIL';
  return (
    <Form form={form}>
      <ContactTypeField />
      <ContactField contactType={type} />
    </Form>
  );
}

describe('ContactField', () => {
  it('keeps one value per contact type: an e-mail does not stay in the phone field, and comes back', async () => {
    answer([
      [
        system.listLangAreas,
        [{ countryCode: 'GB', phoneCode: '+44', countryRegionEn: 'United Kingdom', countryRegionZh: '英国' }],
      ],
    ]);
    await renderWithApp(<ContactForm />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('contact-input'), 'anna@example.com');
    await user.click(screen.getByText('Phone'));
    await waitFor(() => expect(screen.getByTestId('contact-input')).toHaveProperty('value', ''));
    await user.type(screen.getByTestId('contact-input'), '7700900123');
    await user.click(screen.getByText('E-mail'));
    await waitFor(() =>
      expect(screen.getByTestId('contact-input')).toHaveProperty('value', 'anna@example.com'),
    );
  });
});
