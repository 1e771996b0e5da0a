import { useAppSelector } from '@aula/web/app/hooks.ts';
import { selectToken } from '@aula/web/features/auth/auth.slice.ts';
import { readError } from '@aula/web/lib/api-errors.ts';
import { i18n, useT } from '@aula/web/lib/i18n.ts';
import { Alert, App, Flex, Spin, Upload, theme } from 'antd';
import { useState } from 'react';
import { downloadValidationReport, useValidateRosterZipMutation } from './api';
import { ValidationReport } from './validation-report';

/** The server's cap on an archive (apps/api rostering/csv/zip-archive.ts), shown as a hint. */
const MAX_ARCHIVE_MB = 100;

/**
 * /one-roster-validation (002 section 2, issue 16 item 10): upload a OneRoster zip and read its report (files,
 * records that would be imported, problems by file and row) without importing; the report downloads as CSV.
 */
export function RosterValidationPage() {
  const t = useT();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const authToken = useAppSelector(selectToken);
  const [file, setFile] = useState<File | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [validate, { data: report, error, isLoading, reset }] = useValidateRosterZipMutation();
  const refusal = error ? (readError(error).message ?? readError(error).validation[0]) : undefined;

  const start = (f: File) => {
    setFile(f);
    void validate({ file: f })
      .unwrap()
      .catch(() => undefined);
  };
  const download = async () => {
    if (!file) return;
    setDownloading(true);
    try {
      await downloadValidationReport(file, { token: authToken, language: i18n.language });
    } catch {
      void message.error(t('rosterValidation.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };
  const clear = () => {
    setFile(null);
    reset();
  };

  return (
    <Flex vertical gap="large">
      <div>
        <h1 style={{ fontSize: token.fontSizeHeading2, margin: 0 }}>{t('rosterValidation.title')}</h1>
        <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('rosterValidation.intro')}</p>
      </div>
      {!report && (
        <Upload.Dragger
          accept=".zip,application/zip"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={isLoading}
          beforeUpload={(f) => {
            if (!f.name.toLowerCase().endsWith('.zip')) {
              void message.error(t('rosterValidation.onlyZip'));
              return Upload.LIST_IGNORE;
            }
            start(f);
            return false;
          }}
        >
          <p style={{ margin: 0 }}>
            {isLoading && file ? t('rosterValidation.checking', { name: file.name }) : t('rosterValidation.drop')}
          </p>
          <p style={{ color: token.colorTextSecondary, margin: '4px 0 0' }}>
            {t('rosterValidation.dropHint', { size: MAX_ARCHIVE_MB })}
          </p>
        </Upload.Dragger>
      )}
      {isLoading && <Spin aria-label={t('rosterValidation.checking', { name: file?.name ?? '' })} />}
      {refusal && !isLoading && (
        <Alert type="error" showIcon title={t('rosterValidation.refused')} description={refusal} />
      )}
      {report && (
        <ValidationReport
          report={report}
          downloading={downloading}
          onDownload={() => void download()}
          onReset={clear}
        />
      )}
    </Flex>
  );
}
