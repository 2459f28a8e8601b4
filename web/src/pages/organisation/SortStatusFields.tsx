/**
 * The sort and status fields the organisation's edit dialogs share: a sort key (0 to
 * 1,000,000, whole numbers) and enabled/disabled as a button group. `sort={false}` leaves
 * the sort key out (staff and roles have none). Use inside an antd Form: the field names
 * are `sort` and `status`.
 */
import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SortStatusFieldsProps {
  /** Show the sort key too (default true). */
  sort?: boolean;
  /** The status cannot be changed here (e.g. one's own membership). */
  statusDisabled?: boolean;
  /** Why the status is fixed, or what it does, under the field. */
  statusExtra?: string;
}

export default function SortStatusFields({ sort = true, statusDisabled, statusExtra }: SortStatusFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {sort ? (
        <Form.Item name="sort" label={t('org.fields.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      ) : null}
      <Form.Item name="status" label={t('org.fields.status')} extra={statusExtra}>
        <Radio.Group
          optionType="button"
          disabled={statusDisabled}
          options={[
            { value: 1, label: t('org.status.enabled') },
            { value: 0, label: t('org.status.disabled') },
          ]}
        />
      </Form.Item>
    </>
  );
}
