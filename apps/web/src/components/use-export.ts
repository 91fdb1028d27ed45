import { useState } from 'react';

/**
 * An export button's download: `run` starts it and `exporting` is true meanwhile (the button's spinner).
 * A failed download has been shown by the API client already, so it is not thrown on.
 */
export function useExport() {
  const [exporting, setExporting] = useState(false);
  const run = async (download: () => Promise<unknown>) => {
    setExporting(true);
    try {
      await download();
    } catch {
      // the client has shown the failure
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
