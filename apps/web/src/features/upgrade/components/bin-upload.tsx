import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { FIRMWARE_MAX_BYTES, type FirmwareFile } from '@pvstar/contract/firmware';
import { Alert, Button, Flex, Progress, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { uploadFirmware } from '../api/program-api.ts';
import {
  checkFirmwareFile,
  checkManifestFile,
  type FileProblem,
  formatBytes,
  megabytes,
} from '../upgrade-logic.ts';

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
 * The firmware image of a new program and its signed manifest (.manifest.json): each checked here
 * (name, size), then sent together as soon as both are chosen, so that the progress, the SHA-256, what
 * the manifest says and the key that signed it show before the program is saved. The manufacturer's keys
 * decide: choosing another manufacturer sends them again. `busy` locks the dialog meanwhile.
 */
export function useBinUpload(manufacturerId: number | undefined) {
  const { t } = useTranslation();
  const [state, setState] = useState<BinState>({ phase: 'idle' });
  const [image, setImage] = useState<File | null>(null);
  const [manifest, setManifest] = useState<File | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (input: { image: File; manifest: File; manufacturerId: number }) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const name = input.image.name;
      setState({ phase: 'uploading', name, percent: 0 });
      try {
        const stored = await uploadFirmware(
          input,
          (percent) => setState({ phase: 'uploading', name, percent }),
          abort.signal,
        );
        setState({ phase: 'done', file: stored });
      } catch (err) {
        if (abort.signal.aborted) return;
        const code = err instanceof ApiError ? err.code : 0;
        const error =
          code === 415
            ? fileProblemText(t, 'format', FIRMWARE_MAX_BYTES)
            : code === 413
              ? fileProblemText(t, 'tooLarge', FIRMWARE_MAX_BYTES)
              : (err as Error).message;
        setState({ phase: 'failed', name, error });
      }
    },
    [t],
  );

  useEffect(() => {
    if (image && manifest && manufacturerId) void send({ image, manifest, manufacturerId });
  }, [image, manifest, manufacturerId, send]);

  const pick = (file: File | undefined) => {
    const problem = checkFirmwareFile(file);
    if (problem || !file) {
      setImage(null);
      setState({
        phase: 'failed',
        name: file?.name ?? '',
        error: fileProblemText(t, problem ?? 'missing', FIRMWARE_MAX_BYTES),
      });
      return;
    }
    setState({ phase: 'idle' });
    setImage(file);
  };

  const pickManifest = (file: File | undefined) => {
    const problem = checkManifestFile(file);
    if (problem || !file) {
      setManifest(null);
      setState({
        phase: 'failed',
        name: file?.name ?? '',
        error:
          problem === 'format' || problem === 'tooLarge'
            ? t('upgrade:file.manifestFormat')
            : t('upgrade:file.manifestMissing'),
      });
      return;
    }
    setState({ phase: 'idle' });
    setManifest(file);
  };

  /** Submitting without an image or its manifest. */
  const markMissing = () =>
    setState({
      phase: 'idle',
      error: image ? t('upgrade:file.manifestMissing') : t('common:file.missing'),
    });

  return {
    state,
    image: image?.name ?? null,
    manifest: manifest?.name ?? null,
    pick,
    pickManifest,
    markMissing,
    busy: state.phase === 'uploading',
  };
}

export const binError = (state: BinState) =>
  state.phase === 'failed' || state.phase === 'idle' ? state.error : undefined;

/** A hidden file input and the button that opens it. */
function FilePicker({
  accept,
  label,
  icon,
  onPick,
  disabled,
  testId,
}: {
  accept: string;
  label: string;
  icon: ReactNode;
  onPick: (file: File | undefined) => void;
  disabled?: boolean;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        style={{ display: 'none' }}
        disabled={disabled}
        data-testid={`${testId}-file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file may be chosen again after a failure.
          e.target.value = '';
          onPick(file);
        }}
      />
      <Button
        icon={icon}
        disabled={disabled}
        onClick={() => input.current?.click()}
        data-testid={`${testId}-choose`}
      >
        {label}
      </Button>
    </>
  );
}

/**
 * The image and manifest buttons with what was chosen, the progress while sending, and the stored
 * image's name, size, SHA-256 and the fingerprint of the manufacturer key that signed its manifest.
 */
export function BinUploadView({
  state,
  image,
  manifest,
  onPick,
  onPickManifest,
  disabled,
}: {
  state: BinState;
  image: string | null;
  manifest: string | null;
  onPick: (file: File | undefined) => void;
  onPickManifest: (file: File | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const uploading = state.phase === 'uploading';
  const chosen = (name: string | null, hint: string) =>
    name ? (
      <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 320 }}>
        {name}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">{hint}</Typography.Text>
    );
  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Space wrap>
        <FilePicker
          accept=".bin"
          label={image ? t('upgrade:file.replace') : t('upgrade:file.choose')}
          icon={<UploadOutlined />}
          onPick={onPick}
          disabled={disabled || uploading}
          testId="program-bin"
        />
        {state.phase === 'done' ? (
          <Typography.Text
            ellipsis={{ tooltip: state.file.fileName }}
            style={{ maxWidth: 320 }}
            data-testid="program-bin-name"
          >
            {state.file.fileName} · {formatBytes(state.file.size)}
          </Typography.Text>
        ) : (
          chosen(image, t('upgrade:file.hint', { max: megabytes(FIRMWARE_MAX_BYTES) }))
        )}
      </Space>
      <Space wrap>
        <FilePicker
          accept=".json"
          label={manifest ? t('upgrade:file.manifestReplace') : t('upgrade:file.manifestChoose')}
          icon={<SafetyCertificateOutlined />}
          onPick={onPickManifest}
          disabled={disabled || uploading}
          testId="program-manifest"
        />
        {chosen(manifest, t('upgrade:file.manifestHint'))}
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
          <Progress percent={100} data-testid="program-upload-progress" />
          <Space size={4} wrap style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('upgrade:program.sha256')}</Typography.Text>
            <Typography.Text code copyable={{ text: state.file.sha256 }} style={{ wordBreak: 'break-all' }}>
              <span data-testid="program-sha256">{state.file.sha256}</span>
            </Typography.Text>
          </Space>
          <Space size={4} wrap style={{ minWidth: 0 }}>
            <Typography.Text type="success">
              <SafetyCertificateOutlined /> {t('upgrade:file.signedBy')}
            </Typography.Text>
            <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="program-key-fingerprint">
              {state.file.keyFingerprint}
            </Typography.Text>
          </Space>
        </>
      )}
    </Flex>
  );
}
