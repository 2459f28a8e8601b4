/** Display formats (docs/product.md, section 9): dates as YYYY-MM-DD HH:mm:ss in the user's time zone. */
import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A time in the user's zone, or '-' when absent or invalid. */
export function formatTime(value: string | null | undefined, format = DATE_TIME_FORMAT): string {
  if (!value) return '-';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : value;
}
