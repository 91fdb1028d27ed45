import dayjs from 'dayjs';

/** Dates in the admin lists: 2025-06-01 14:05; '—' when missing. */
export const formatDateTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
