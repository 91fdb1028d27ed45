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
 * A thing's name in a list (a plant, an alarm message, a role, an organisation): where its column is
 * narrower than the name, it wraps onto a second line rather than being cut, so that names with the same
 * start ("Speicher Weber, München" and "…, Kiel") read apart; a longer one ends in an ellipsis, the whole
 * name in a tooltip. A table as wide as the page (PageTable) narrows such columns before it scrolls, down
 * to `minWidth`.
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
  if (!text)
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        —
      </Typography.Paragraph>
    );
  return (
    <Typography.Paragraph
      className="pv-name"
      ellipsis={{ rows: 2, tooltip: text }}
      style={{ minWidth, marginBottom: 0 }}
    >
      {link ? (
        <Link to={link} data-testid={testId}>
          {text}
        </Link>
      ) : (
        text
      )}
    </Typography.Paragraph>
  );
}
