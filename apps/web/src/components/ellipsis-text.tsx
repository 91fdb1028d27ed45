import { Typography } from 'antd';

/** One line of text cut with an ellipsis; the whole text shows in a tooltip. */
export function EllipsisText({
  text,
  maxWidth = 200,
}: {
  text: string | null | undefined;
  maxWidth?: number;
}) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth, verticalAlign: 'middle' }}>
      {text}
    </Typography.Text>
  );
}
