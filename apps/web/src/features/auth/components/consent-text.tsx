import { Fragment, type MouseEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '../../../components/antd-scope.tsx';
import { lazyRetrying } from '../../../components/lazy-retrying.ts';
import i18n from '../../../i18n/index.ts';

// antd's dialog, loaded when a text is opened (the sign-in form shows the sentence before antd has loaded).
const ConsentDialog = lazyRetrying(() => import('./consent-dialog.tsx'));

/**
 * The consent sentence with its two links: the catalogue marks them as `<agreement>…</agreement>` and
 * `<privacy>…</privacy>`. (Done here rather than with react-i18next's Trans, whose HTML parser would
 * load with the sign-in page for this one sentence.)
 */
function withLinks(text: string, links: Record<'agreement' | 'privacy', (text: string) => ReactNode>) {
  return text.split(/<(agreement|privacy)>(.*?)<\/\1>/).map((part, i, parts) => {
    // split() with two groups: text, tag, link text, text, …
    if (i % 3 === 0) return part;
    if (i % 3 === 2) return null;
    const tag = part as 'agreement' | 'privacy';
    return <Fragment key={tag}>{links[tag](parts[i + 1] ?? '')}</Fragment>;
  });
}

/**
 * The label of the consent box: the sentence, whose links open the service agreement or the privacy policy
 * in a dialog (without ticking the box they sit in).
 */
export function ConsentText() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'agreement' | 'privacy' | null>(null);
  const show = (text: 'agreement' | 'privacy') => (e: MouseEvent) => {
    // A click on a link inside the label must open the text, not tick the box.
    e.preventDefault();
    setOpen(text);
  };
  return (
    <>
      {withLinks(t('consent.text'), {
        agreement: (text) => (
          <a href="#agreement" onClick={show('agreement')} className="pv-inline-link">
            {text}
          </a>
        ),
        privacy: (text) => (
          <a href="#privacy" onClick={show('privacy')} className="pv-inline-link">
            {text}
          </a>
        ),
      })}
      {open && (
        <AntdScope>
          <ConsentDialog
            title={t(open === 'agreement' ? 'consent.agreementTitle' : 'consent.privacyTitle')}
            text={t(open === 'agreement' ? 'consent.agreementText' : 'consent.privacyText')}
            onClose={() => setOpen(null)}
          />
        </AntdScope>
      )}
    </>
  );
}

/** The consent box's rule: ticked. */
export const consentRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (value !== true) throw new Error(i18n.t('common:validation.consent'));
  },
};
