import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, EditRegular } from '@fluentui/react-icons';
import { useLingui } from '@lingui/react/macro';
import type { RecipeCell } from '../../../../services/recipeCycles.ts';

const useStyles = makeStyles({
  chip: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: '2px', fontSize: tokens.fontSizeBase200, minHeight: '24px' },
  // the name keeps a few characters beside the buttons of a selected cell; narrower, the buttons go below it
  name: { flex: '1 1 4em', minWidth: '4em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', userSelect: 'none' },
  phoneChip: { fontSize: tokens.fontSizeBase300, minHeight: '44px', columnGap: tokens.spacingHorizontalS, padding: `2px 0` },
  phoneName: { whiteSpace: 'normal' },
  dosage: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  touch: { minWidth: '44px', minHeight: '44px' },
});

interface Props {
  dishes: RecipeCell['dishes'];
  dishName: (id: string) => string;
  /** "6-8: 150g / 9-11: 150g" of a dish */
  dosageText: (d: RecipeCell['dishes'][number]) => string;
  /** the controls show on the selected cell of an editable cycle only: the other cells stay readable */
  controls: boolean;
  phone: boolean;
  onEdit: (dishId: string) => void;
  onRemove: (dishId: string) => void;
}

/**
 * The dishes of one meal cell. A click on a name selects the cell (it bubbles to the cell); the dosage dialog opens
 * from the explicit edit button of the selected cell, or with a double-click on the dish (issue 28 point 8).
 */
export function RecipeCellDishes({ dishes, dishName, dosageText, controls, phone, onEdit, onRemove }: Props) {
  const s = useStyles();
  const { t } = useLingui();
  return (
    <>
      {dishes.map((d) => {
        const name = dishName(d.dishId);
        return (
          <div key={d.dishId} className={mergeClasses(s.chip, phone && s.phoneChip)} data-testid="cell-dish" data-dish-id={d.dishId}
            onDoubleClick={controls ? () => onEdit(d.dishId) : undefined}>
            {phone ? (
              // a phone has no hover: the dosages are written out under the name
              <span className={mergeClasses(s.name, s.phoneName)}>
                <span title={t`用量：${dosageText(d)}`} data-testid="cell-dish-name">{name}</span>
                <span className={s.dosage} data-testid="cell-dish-dosage">{dosageText(d)}</span>
              </span>
            ) : <span className={s.name} title={t`用量：${dosageText(d)}`} data-testid="cell-dish-name">{name}</span>}
            {controls && (
              <>
                <Button size="small" appearance={phone ? 'secondary' : 'subtle'} icon={<EditRegular />} className={phone ? s.touch : undefined}
                  aria-label={t`编辑用量：${name}`} title={t`编辑用量：${name}`} data-testid="cell-dish-edit"
                  onClick={() => onEdit(d.dishId)}>
                  {phone ? t`用量` : undefined}
                </Button>
                <Button size="small" appearance="subtle" icon={<DismissRegular />} className={phone ? s.touch : undefined}
                  aria-label={t`移除：${name}`} title={t`移除：${name}`} data-testid="cell-dish-remove"
                  onClick={() => onRemove(d.dishId)} />
              </>
            )}
          </div>
        );
      })}
    </>
  );
}
