import { useEffect, useState } from 'react';
import { Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, ShareRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { StandalonePage } from './StandalonePage.tsx';

const useStyles = makeStyles({
  preview: { maxWidth: '100%', maxHeight: '320px', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, alignSelf: 'center' },
  steps: { margin: 0, paddingLeft: '20px', lineHeight: 2, color: tokens.colorNeutralForeground2 },
});

/** §2 shareFriends: share with friends, then upload the "like" screenshot. */
export function ShareFriends() {
  const styles = useStyles();
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <StandalonePage testId="share-friends-page" icon={<ShareRegular />} title={<Trans>分享给好友</Trans>} text={<Trans>将平台分享到朋友圈并集齐点赞后，上传截图即可领取奖励。</Trans>}>
      <ol className={styles.steps}>
        <li>
          <Trans>分享平台介绍到朋友圈</Trans>
        </li>
        <li>
          <Trans>邀请好友点赞</Trans>
        </li>
        <li>
          <Trans>上传点赞截图，等待审核</Trans>
        </li>
      </ol>
      <Field label={t`点赞截图`}>
        <input type="file" accept="image/*" data-testid="share-upload" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      {preview && <img className={styles.preview} src={preview} alt={t`点赞截图预览`} />}
      <Button appearance="primary" icon={<ArrowUploadRegular />} disabled={!file}>
        <Trans>提交截图</Trans>
      </Button>
    </StandalonePage>
  );
}
export default ShareFriends;
