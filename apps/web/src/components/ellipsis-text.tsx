import { Typography } from 'antd';
import { Link } from 'react-router';

/**
 * One line of text cut with an ellipsis; the whole text shows in a tooltip. With `link`, it is a link to
 * that path, coloured as one (Typography.Text would paint it in the text colour).
 */
export function EllipsisText({
  text,
  maxWidth = 200,
  link,
  testId,
}: {
  text: string | null | undefined;
  maxWidth?: number;
  link?: string;
  testId?: string;
}) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = (
    <Typography.Text
      ellipsis={{ tooltip: text }}
      style={{ maxWidth, verticalAlign: 'middle', color: link ? 'inherit' : undefined }}
    >
      {text}
    </Typography.Text>
  );
  if (!link) return shown;
  return (
    <Link to={link} data-testid={testId}>
      {shown}
    </Link>
  );
}
