import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { FieldError } from '@pvstar/contract/api';
import { SN_SHEET_MAX_BYTES, SN_SHEET_MAX_ROWS } from '@pvstar/contract/firmware';
import { Alert, Button, Flex, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { downloadSnTemplate, parseSnSheet } from '../api/program-api.ts';
import { checkSnSheet } from '../upgrade-logic.ts';
import { fileProblemText } from './bin-upload.tsx';

export type SnState =
  | { phase: 'idle'; error?: string }
  | { phase: 'parsing'; name: string }
  | { phase: 'done'; name: string; sns: string[] }
  | { phase: 'failed'; name: string; error: string; rows: FieldError[] };

/** The serial-number list of a program for some devices only: checked here, read by the server. */
export function useSnSheet() {
  const { t } = useTranslation();
  const [state, setState] = useState<SnState>({ phase: 'idle' });

  const pick = async (file: File | undefined) => {
    const problem = checkSnSheet(file);
    if (problem || !file) {
      setState({
        phase: 'failed',
        name: file?.name ?? '',
        error: fileProblemText(t, problem ?? 'missing', SN_SHEET_MAX_BYTES),
        rows: [],
      });
      return;
    }
    setState({ phase: 'parsing', name: file.name });
    try {
      const { sns } = await parseSnSheet(file);
      if (sns.length === 0)
        setState({ phase: 'failed', name: file.name, error: t('upgrade:sn.empty'), rows: [] });
      else setState({ phase: 'done', name: file.name, sns });
    } catch (err) {
      const rows =
        err instanceof ApiError && err.code === 422
          ? ((err.data as { fields?: FieldError[] } | null)?.fields ?? [])
          : [];
      const error =
        err instanceof ApiError && err.code === 415
          ? fileProblemText(t, 'format', SN_SHEET_MAX_BYTES)
          : (err as Error).message;
      setState({ phase: 'failed', name: file.name, error, rows });
    }
  };

  const markMissing = () => setState({ phase: 'idle', error: t('upgrade:sn.required') });

  return { state, pick, markMissing };
}

export const snError = (state: SnState) =>
  state.phase === 'failed' || state.phase === 'idle' ? state.error : undefined;

/** The template link, the file button, how many serial numbers were read, or the rows refused. */
export function SnSheetView({
  state,
  onPick,
  disabled,
}: {
  state: SnState;
  onPick: (file: File | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [downloading, setDownloading] = useState(false);
  const parsing = state.phase === 'parsing';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadSnTemplate();
    } catch {
      // the client has shown the failure
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <input
        ref={input}
        type="file"
        accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        style={{ display: 'none' }}
        disabled={disabled || parsing}
        data-testid="program-sn-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          onPick(file);
        }}
      />
      <Space wrap>
        <Button
          icon={<UploadOutlined />}
          loading={parsing}
          disabled={disabled}
          onClick={() => input.current?.click()}
          data-testid="program-sn-choose"
        >
          {t('upgrade:sn.upload')}
        </Button>
        <Button
          type="link"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={download}
          data-testid="program-sn-template"
        >
          {t('upgrade:sn.template')}
        </Button>
      </Space>
      <Typography.Text type="secondary">{t('upgrade:sn.hint', { max: SN_SHEET_MAX_ROWS })}</Typography.Text>
      {state.phase === 'done' && (
        <Typography.Text type="success" data-testid="program-sn-count" data-count={state.sns.length}>
          {t('upgrade:sn.count', { count: state.sns.length, name: state.name })}
        </Typography.Text>
      )}
      {state.phase === 'failed' && state.rows.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('upgrade:sn.rowErrors')}
          data-testid="program-sn-errors"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 160, overflow: 'auto' }}>
              {state.rows.map((row) => (
                <li key={`${row.field}-${row.message}`}>
                  <Typography.Text strong>{row.field}</Typography.Text>: {row.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  );
}
