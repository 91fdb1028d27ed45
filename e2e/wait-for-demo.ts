/**
 * Before the first test: every demo server has filled in its plants' past. Each one answers /ready within
 * seconds of starting but writes a year of history per plant in the background for about a minute; two of
 * them doing that while the first specs sign in made those specs time out on a busy machine.
 */
export default async function waitForDemoHistory() {
  const urls = (process.env.E2E_SERVERS ?? '').split(',').filter(Boolean);
  const deadline = Date.now() + 300_000;
  for (const url of urls) {
    for (;;) {
      const ready = await fetch(`${url}/ready`)
        .then((r) => r.json() as Promise<{ data?: { demoHistory?: boolean } }>)
        .catch(() => null);
      // A server that does not say (an older one, or not in demo mode) is taken as it is.
      if (ready?.data && ready.data.demoHistory !== false) break;
      if (Date.now() > deadline)
        throw new Error(`${url}: the demo history was not filled in within 5 minutes`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
