/**
 * The generic table export (docs/product.md, sections 2, 3, 8): a button that writes the given
 * columns (title + dataIndex; the last one, the actions column, is skipped) and rows to an
 * .xlsx named yyyyMMddhhmmss.xlsx, with '下载成功' / '下载失败'. The writer is loaded on
 * first use, so lists that never export do not pay for it.
 */
import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.tsx';
import type { ExportColumn } from './exportRows.ts';
import { timestampName } from './fileName.ts';

export interface TableExportProps<T> extends Omit<ButtonProps, 'onClick'> {
  columns: ExportColumn<T>[];
  /** The rows, or a function fetching them (e.g. every page of a list). */
  data: T[] | (() => Promise<T[]>);
  sheetName?: string;
  /** Skip the last column (the actions column), as the original component did. Default true. */
  skipLast?: boolean;
}

export default function TableExport<T>({ columns, data, sheetName, skipLast = true, children, ...rest }: TableExportProps<T>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows = typeof data === 'function' ? await data() : data;
      const [{ exportRows }, { writeXlsx }, { saveFile }] = await Promise.all([
        import('./exportRows.ts'),
        import('./xlsx.ts'),
        import('../../app/download.ts'),
      ]);
      const table = exportRows(columns, rows, skipLast);
      saveFile(await writeXlsx(table.header, table.rows, sheetName), timestampName());
      feedback.message.success(t('export.success'));
    } catch {
      feedback.message.error(t('export.failure'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} {...rest} loading={busy} onClick={() => void run()}>
      {children ?? t('export.button')}
    </Button>
  );
}
