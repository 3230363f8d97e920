import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useLoadingOverlay } from '../app/hooks.ts';

const useStyles = makeStyles({
  mask: {
    position: 'fixed',
    inset: 0,
    zIndex: 3000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  box: {
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
});

/** §2 the global loading overlay an embedded page drives: a spinner with its tip, or the mask only. */
export function LoadingOverlay() {
  const styles = useStyles();
  const { loading, tip, onlyMask } = useLoadingOverlay();
  if (!loading) return null;
  return (
    <div className={styles.mask} data-testid="loading-overlay" aria-busy="true" role={onlyMask ? 'presentation' : 'status'}>
      {!onlyMask && (
        <div className={styles.box}>
          <Spinner label={tip} labelPosition="below" />
        </div>
      )}
    </div>
  );
}
