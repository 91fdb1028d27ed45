import { PictureOutlined } from '@ant-design/icons';
import { Image, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePictureUrl } from '../api/plant-api.ts';

/** A plant's picture (fetched with the session, see usePictureUrl), or a placeholder. */
export function PlantPicture({ path, size = 96 }: { path: string | null | undefined; size?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const url = usePictureUrl(path);
  if (!url)
    return (
      <div
        style={{
          width: size,
          height: size,
          display: 'grid',
          placeItems: 'center',
          borderRadius: token.borderRadius,
          background: token.colorFillTertiary,
          color: token.colorTextTertiary,
          fontSize: size / 3,
        }}
        role="img"
        aria-label={t('plant:field.stationPicture')}
      >
        <PictureOutlined />
      </div>
    );
  return (
    <Image
      src={url}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
      alt={t('plant:field.stationPicture')}
      data-testid="plant-picture"
    />
  );
}
