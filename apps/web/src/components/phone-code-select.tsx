import { Select, type SelectProps } from 'antd';

/**
 * The country calling code in front of a phone number (components/contact-field.tsx): loaded when the
 * phone is chosen, as e-mail comes first and the public pages' forms show without antd's Select.
 */
export default function PhoneCodeSelect(props: SelectProps<string>) {
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 120 }}
      popupMatchSelectWidth={260}
      labelRender={({ value }) => String(value ?? '')}
      {...props}
    />
  );
}
