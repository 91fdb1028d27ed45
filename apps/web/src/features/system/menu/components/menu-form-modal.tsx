import { MENU_TYPES } from '@pvstar/contract/enum-values';
import type { MenuType } from '@pvstar/contract/enums';
import { type MenuAddBody, MenuAddBodySchema, type MenuEditBody, type MenuRow } from '@pvstar/contract/menu';
import { SUB_PAGE_CODES } from '@pvstar/contract/perm';
import type { FormInstance, TreeSelectProps } from 'antd';
import { Form, Input, Modal, message, Radio, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../../components/form-errors.ts';
import { FormGrid } from '../../../../components/form-grid.tsx';
import { menuTypeLabel } from '../../../../components/labels.ts';
import { NumberInput } from '../../../../components/number-input.tsx';
import { pagePath } from '../../../../components/page-links.ts';
import { zodRule } from '../../../../components/zod-rule.ts';
import { menuTitle } from '../../shared/menu-title.ts';
import { useSaveMenu } from '../api/menu-api.ts';

interface MenuFormValues {
  type?: MenuType;
  parentId?: number | null;
  name?: string;
  keyword?: string;
  routePath?: string;
  permCode?: string;
  pagePath?: string;
  icon?: string;
  visible?: boolean;
  sort?: number;
}

export type MenuFormTarget = { menu: MenuRow } | { parentId: number | null };

const fields = MenuAddBodySchema.shape;

/** The menu's name, codes, paths, icon, order and visibility; a button has no paths or icon. */
function MenuFields({ isButton, subPage }: { isButton: boolean; subPage: boolean }) {
  const { t } = useTranslation();
  return (
    <FormGrid>
      <Form.Item name="name" label={t('system:menu.name')} rules={[zodRule(fields.name, { required: true })]}>
        <Input maxLength={64} data-testid="menu-form-name" />
      </Form.Item>
      <Form.Item
        name="keyword"
        label={t('system:menu.keyword')}
        rules={[zodRule(fields.keyword)]}
        tooltip={t('system:menu.keywordHint')}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="permCode"
        label={t('common:field.permCode')}
        rules={[zodRule(fields.permCode, { required: true })]}
      >
        <Input maxLength={20} inputMode="numeric" data-testid="menu-form-perm-code" />
      </Form.Item>
      {!isButton && (
        <Form.Item name="routePath" label={t('system:menu.routePath')} rules={[zodRule(fields.routePath)]}>
          <Input maxLength={200} placeholder={pagePath('system/user')} />
        </Form.Item>
      )}
      {!isButton && (
        <Form.Item name="pagePath" label={t('system:menu.pagePath')} rules={[zodRule(fields.pagePath)]}>
          <Input maxLength={200} placeholder="system/user" />
        </Form.Item>
      )}
      {!isButton && (
        <Form.Item name="icon" label={t('system:menu.icon')} rules={[zodRule(fields.icon)]}>
          <Input maxLength={64} />
        </Form.Item>
      )}
      <Form.Item name="sort" label={t('system:menu.sort')}>
        <NumberInput min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="visible"
        label={t('system:menu.visible')}
        valuePropName="checked"
        extra={t(subPage ? 'system:menu.subPageHint' : 'system:menu.hiddenHint')}
      >
        <Switch
          disabled={subPage}
          checkedChildren={t('system:menu.shown')}
          unCheckedChildren={t('system:menu.hidden')}
          data-testid="menu-form-visible"
        />
      </Form.Item>
    </FormGrid>
  );
}

/** The form shows the menu, or a new one's defaults, each time the modal opens. */
function useMenuFormValues(form: FormInstance<MenuFormValues>, target: MenuFormTarget | null) {
  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('menu' in target) {
      const m = target.menu;
      form.setFieldsValue({
        type: m.type,
        parentId: m.parentId,
        name: m.name,
        keyword: m.keyword ?? '',
        routePath: m.routePath ?? '',
        permCode: m.permCode,
        pagePath: m.pagePath ?? '',
        icon: m.icon ?? '',
        visible: m.visible,
        sort: m.sort,
      });
    } else
      form.setFieldsValue({
        type: target.parentId ? 'MENU' : 'CATALOG',
        parentId: target.parentId,
        visible: true,
        sort: 0,
      });
  }, [target, form]);
}

/** Add or edit a menu row. A row cannot be moved under itself or one of its descendants, nor under a button. */
export function MenuFormModal({
  target,
  tree,
  onClose,
  onSaved,
}: {
  target: MenuFormTarget | null;
  tree: MenuRow[];
  onClose: () => void;
  /** Told the parent of the saved row, so that the list can open it. */
  onSaved?: (parentId: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<MenuFormValues>();
  const save = useSaveMenu();
  const editing = target && 'menu' in target ? target.menu : null;
  const type = Form.useWatch('type', form);

  useMenuFormValues(form, target);

  const parentOptions = useMemo(() => {
    const toNode = (row: MenuRow): NonNullable<TreeSelectProps['treeData']>[number] | null => {
      if (row.type === 'BUTTON' || row.id === editing?.id) return null;
      return {
        value: row.id,
        title: menuTitle(i18n, row),
        children: row.children.map(toNode).filter((n) => n !== null),
      };
    };
    return tree.map(toNode).filter((n) => n !== null);
  }, [tree, editing, i18n]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: MenuAddBody = {
      type: v.type!,
      parentId: v.parentId ?? null,
      name: v.name!,
      keyword: v.keyword || null,
      routePath: v.routePath || null,
      permCode: v.permCode!,
      pagePath: v.pagePath || null,
      icon: v.icon || null,
      visible: v.visible ?? true,
      sort: v.sort ?? 0,
    };
    try {
      await save.mutateAsync(editing ? ({ id: editing.id, ...body } satisfies MenuEditBody) : body);
      message.success(t('common:saved'));
      onSaved?.(body.parentId ?? null);
      onClose();
    } catch (err) {
      showFormError(form, err);
    }
  };

  const isButton = type === 'BUTTON';
  return (
    <Modal
      open={target !== null}
      title={editing ? t('system:menu.editTitle') : t('system:menu.addTitle')}
      okText={t('system:action.save')}
      cancelText={t('system:action.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
      width={640}
    >
      <Form<MenuFormValues> form={form} name="menu-form" layout="vertical" data-testid="menu-form">
        <Form.Item
          name="type"
          label={t('system:menu.type')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <Radio.Group
            optionType="button"
            options={MENU_TYPES.map((m) => ({ value: m, label: menuTypeLabel(t, m) }))}
          />
        </Form.Item>
        <Form.Item name="parentId" label={t('system:menu.parent')}>
          <TreeSelect
            allowClear
            treeData={parentOptions}
            treeDefaultExpandAll={false}
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('system:menu.noParent')}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <MenuFields
          isButton={isButton}
          subPage={!!editing && editing.builtin && SUB_PAGE_CODES.has(editing.permCode)}
        />
      </Form>
    </Modal>
  );
}
