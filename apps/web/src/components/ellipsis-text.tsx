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

/**
 * A thing's name in a list (a plant, an alarm message, a role, an organisation), always whole: where its
 * column is narrower than the name, it wraps onto as many lines as it needs, so that names with the same
 * start ("Speicher Weber, München" and "…, Kiel") or the same 60 first letters read apart. A table as wide
 * as the page (PageTable) narrows such columns before it scrolls, down to `minWidth`.
 */
export function NameText({
  text,
  minWidth = 140,
  link,
  testId,
}: {
  text: string | null | undefined;
  minWidth?: number;
  link?: string;
  testId?: string;
}) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div className="pv-name" style={{ minWidth }}>
      {link ? (
        <Link to={link} data-testid={testId}>
          {text}
        </Link>
      ) : (
        text
      )}
    </div>
  );
}
