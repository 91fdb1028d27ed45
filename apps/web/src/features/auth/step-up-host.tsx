import { Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '../../api/http.ts';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { withTexts } from '../../i18n/index.ts';

// With the pages' texts: the dialog's are the personal centre's (twoFactor), outside the core catalogue.
const StepUpDialog = lazyRetrying(withTexts(['twoFactor'], () => import('./step-up-dialog.tsx')));

/**
 * Answers the API client's "prove it is you" (api/http.ts, a dangerous action without a recent proof of
 * presence) with the step-up dialog, loaded only then: the sign-in page and the dashboard carry none of it.
 * Several refused calls at once share one dialog; the later ones are refused as they are.
 */
export function StepUpHost() {
  const [asking, setAsking] = useState(false);
  const settle = useRef<((proved: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(() => {
      if (settle.current) return Promise.resolve(false);
      setAsking(true);
      return new Promise<boolean>((resolve) => {
        settle.current = resolve;
      });
    });
    return () => setStepUpHandler(async () => false);
  }, []);

  if (!asking) return null;
  const done = (proved: boolean) => {
    setAsking(false);
    settle.current?.(proved);
    settle.current = null;
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={done} />
    </Suspense>
  );
}
