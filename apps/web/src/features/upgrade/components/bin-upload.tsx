import { UploadOutlined } from '@ant-design/icons';
import { FIRMWARE_MAX_BYTES, type FirmwareFile } from '@pvstar/contract/firmware';
import { Alert, Button, Flex, Progress, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { uploadFirmware } from '../api/program-api.ts';
import { checkFirmwareFile, type FileProblem, formatBytes, megabytes } from '../upgrade-logic.ts';

export type BinState =
  | { phase: 'idle'; error?: string }
  | { phase: 'uploading'; name: string; percent: number }
  | { phase: 'done'; file: FirmwareFile }
  | { phase: 'failed'; name: string; error: string };

/** What to tell the user about a file refused before or by the upload. */
export const fileProblemText = (t: TFunction, problem: FileProblem, maxBytes: number): string =>
  ({
    missing: t('common:file.missing'),
    format: t('upgrade:file.badFormat'),
    empty: t('upgrade:file.empty'),
    tooLarge: t('upgrade:file.tooLarge', { max: megabytes(maxBytes) }),
  })[problem];

/**
 * The firmware image of a new program: checked here (.bin, size), then sent at once so that the
 * progress and the SHA-256 show before the program is saved. `busy` locks the dialog meanwhile.
 */
export function useBinUpload() {
  const { t } = useTranslation();
  const [state, setState] = useState<BinState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const pick = async (file: File | undefined) => {
    const problem = checkFirmwareFile(file);
    if (problem || !file) {
      setState({
        phase: 'failed',
        name: file?.name ?? '',
        error: fileProblemText(t, problem ?? 'missing', FIRMWARE_MAX_BYTES),
      });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'uploading', name: file.name, percent: 0 });
    try {
      const stored = await uploadFirmware(
        file,
        (percent) => setState({ phase: 'uploading', name: file.name, percent }),
        abort.signal,
      );
      setState({ phase: 'done', file: stored });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 0;
      const error =
        code === 415
          ? fileProblemText(t, 'format', FIRMWARE_MAX_BYTES)
          : code === 413
            ? fileProblemText(t, 'tooLarge', FIRMWARE_MAX_BYTES)
            : (err as Error).message;
      setState({ phase: 'failed', name: file.name, error });
    }
  };

  /** Submitting without an image. */
  const markMissing = () => setState({ phase: 'idle', error: t('common:file.missing') });

  return { state, pick, markMissing, busy: state.phase === 'uploading' };
}

export const binError = (state: BinState) =>
  state.phase === 'failed' || state.phase === 'idle' ? state.error : undefined;

/** The file button, the progress while sending and the stored image's name, size and SHA-256. */
export function BinUploadView({
  state,
  onPick,
  disabled,
}: {
  state: BinState;
  onPick: (file: File | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const uploading = state.phase === 'uploading';
  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <input
        ref={input}
        type="file"
        accept=".bin"
        style={{ display: 'none' }}
        disabled={disabled || uploading}
        data-testid="program-bin-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file may be chosen again after a failure.
          e.target.value = '';
          onPick(file);
        }}
      />
      <Space wrap>
        <Button
          icon={<UploadOutlined />}
          disabled={disabled || uploading}
          onClick={() => input.current?.click()}
          data-testid="program-bin-choose"
        >
          {state.phase === 'done' ? t('upgrade:file.replace') : t('upgrade:file.choose')}
        </Button>
        <Typography.Text type="secondary">
          {t('upgrade:file.hint', { max: megabytes(FIRMWARE_MAX_BYTES) })}
        </Typography.Text>
      </Space>
      {uploading && (
        <>
          <Alert
            type="warning"
            showIcon
            title={t('upgrade:file.doNotClose')}
            data-testid="program-upload-warning"
          />
          <Typography.Text ellipsis={{ tooltip: state.name }}>
            {state.percent >= 100 ? t('upgrade:file.checking') : t('upgrade:file.uploading')} {state.name}
          </Typography.Text>
          <Progress percent={state.percent} status="active" data-testid="program-upload-progress" />
        </>
      )}
      {state.phase === 'done' && (
        <>
          <Typography.Text ellipsis={{ tooltip: state.file.fileName }} data-testid="program-bin-name">
            {state.file.fileName} · {formatBytes(state.file.size)}
          </Typography.Text>
          <Progress percent={100} data-testid="program-upload-progress" />
          <Space size={4} wrap style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('upgrade:program.sha256')}</Typography.Text>
            <Typography.Text code copyable={{ text: state.file.sha256 }} style={{ wordBreak: 'break-all' }}>
              <span data-testid="program-sha256">{state.file.sha256}</span>
            </Typography.Text>
          </Space>
        </>
      )}
    </Flex>
  );
}
