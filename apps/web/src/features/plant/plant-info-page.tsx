import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import { Button, Card, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { plantLinks } from '../../components/page-links.ts';
import { useBack } from '../../components/use-back.ts';
import { useCanManage } from '../../permissions/use-can-manage.ts';
import { PlantInfo } from './components/plant-info.tsx';

/** Plant center → plant information (/station/monitor/info?id=). */
export default function PlantInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack(plantLinks.list());
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  // Editing happens on the add page (its route needs the add code), so both are needed.
  const mayEdit = useCanManage([PERM.stationEdit]);
  const mayAdd = useCanManage([PERM.stationAdd]);
  const canEdit = mayEdit && mayAdd;
  if (id === null) return <Result status="404" title={t('plant:info.notFound')} />;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" gap={8} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="info-back">
            {t('app:action.back')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(plantLinks.edit(id))}
              data-testid="info-edit"
            >
              {t('system:action.edit')}
            </Button>
          )}
        </Flex>
      </Card>
      <PlantInfo plantId={id} />
    </Flex>
  );
}
