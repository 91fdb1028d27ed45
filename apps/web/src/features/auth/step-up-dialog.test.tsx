import { auth } from '@pvstar/contract/endpoints/auth';
import { plant } from '@pvstar/contract/endpoints/plant';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import SparkMD5 from 'spark-md5';
import { describe, expect, it } from 'vitest';
import { call } from '../../api/call.ts';
import { renderWithApp } from '../../test/render.tsx';
import { answer, fail } from '../../test/server.ts';
import { StepUpHost } from './step-up-host.tsx';

/** A dangerous action's button, and what became of it. */
function DeletePlant() {
  const [result, setResult] = useState('');
  const run = () =>
    call(plant.delete, { body: { id: 7, confirmName: 'Roof' } }, { silent: true }).then(
      () => setResult('deleted'),
      () => setResult('refused'),
    );
  return (
    <>
      <button type="button" onClick={run}>
        delete
      </button>
      <output>{result}</output>
      <StepUpHost />
    </>
  );
}

const refusedOnce = () => {
  let calls = 0;
  return () => (calls++ === 0 ? fail(403, 'Confirm it is you', { stepUp: true }) : null);
};

describe('StepUpHost and its dialog', () => {
  it('asks for the password when a dangerous action needs a proof, sends its MD5, and sends the action again', async () => {
    const received = answer([
      [plant.delete, refusedOnce()],
      [auth.twoFactorStatus, { enabled: false, required: false, recoveryCodesLeft: 0 }],
      [auth.stepUp, { until: '2026-12-02T15:05:00Z' }],
    ]);
    await renderWithApp(<DeletePlant />);
    fireEvent.click(screen.getByText('delete'));
    expect(await screen.findByText('Confirm it is you')).toBeTruthy();
    fireEvent.change(await screen.findByTestId('step-up-password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('step-up-ok'));
    expect(await screen.findByText('deleted')).toBeTruthy();
    expect(received.filter((r) => r.path === '/station/station/delete')).toHaveLength(2);
    expect(received.find((r) => r.path === '/auth/user/stepUp')!.body).toEqual({
      password: SparkMD5.hash('Secret123'),
    });
  }, 30_000);

  it('asks for the authenticator code where the account signs in with two factors; cancelled, the action stays refused', async () => {
    const received = answer([
      [plant.delete, () => fail(403, 'Confirm it is you', { stepUp: true })],
      [auth.twoFactorStatus, { enabled: true, required: false, recoveryCodesLeft: 8 }],
      [auth.stepUp, { until: '2026-12-02T15:05:00Z' }],
    ]);
    await renderWithApp(<DeletePlant />);
    fireEvent.click(screen.getByText('delete'));
    expect(await screen.findByTestId('step-up-code')).toBeTruthy();
    expect(screen.queryByTestId('step-up-password')).toBeNull();
    fireEvent.click(screen.getByText('Cancel'));
    expect(await screen.findByText('refused')).toBeTruthy();
    await waitFor(() => expect(received.filter((r) => r.path === '/auth/user/stepUp')).toHaveLength(0));
    expect(received.filter((r) => r.path === '/station/station/delete')).toHaveLength(1);
  }, 30_000);
});
