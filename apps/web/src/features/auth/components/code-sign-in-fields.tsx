import type { ContactType } from '@pvstar/contract/enums';
import { CodeField } from '../../../components/code-field.tsx';
import { ContactField, ContactTypeField } from '../../../components/contact-field.tsx';
import type { CodeTarget } from '../../../components/send-code-button.tsx';

/** The inputs of sign-in by code: e-mail or phone, and the code sent to it. */
export default function CodeSignInFields({
  contactType,
  getTarget,
}: {
  contactType: ContactType;
  getTarget: () => Promise<CodeTarget | null>;
}) {
  return (
    <>
      <ContactTypeField />
      <ContactField contactType={contactType} />
      <CodeField purpose="LOGIN" getTarget={getTarget} />
    </>
  );
}
