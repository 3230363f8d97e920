// Issue 34, activityList: the server's refusals of activities and their sign-ups (domain/activity.ts ACTIVITY_TEXT) in
// zh-TW and en-US (merged into domain/serverRefusalTexts.ts REFUSAL_TEXTS; the unit test serverTextCoverage keeps it whole).
import type { ServerTextTranslations } from './serverRefusalTexts.ts';

const tw = (zhTW: string, enUS: string): ServerTextTranslations => ({ 'zh-TW': zhTW, 'en-US': enUS });

export const ACTIVITY_TEXTS: Record<string, ServerTextTranslations> = {
  活动不存在: tw('活動不存在', 'The activity does not exist'),
  活动已存在: tw('活動已存在', 'The activity already exists'),
  活动名称不能为空: tw('活動名稱不能為空', 'The activity needs a title'),
  '活动名称不能超过 {n} 个字': tw('活動名稱不能超過 {n} 個字', 'The title cannot be longer than {n} characters'),
  '活动地点不能超过 {n} 个字': tw('活動地點不能超過 {n} 個字', 'The place cannot be longer than {n} characters'),
  活动时间格式不正确: tw('活動時間格式不正確', 'The activity times are not valid times'),
  结束时间必须晚于开始时间: tw('結束時間必須晚於開始時間', 'The end must be after the start'),
  报名截止时间不能晚于活动开始时间: tw('報名截止時間不能晚於活動開始時間', 'Sign-ups must close before the activity starts'),
  '名额须为 1 到 {n} 的整数': tw('名額須為 1 到 {n} 的整數', 'The capacity must be a whole number from 1 to {n}'),
  '每位会员可报人数须为 1 到 {n} 的整数': tw('每位會員可報人數須為 1 到 {n} 的整數', 'The seats per member must be a whole number from 1 to {n}'),
  请选择活动面向的学校: tw('請選擇活動面向的學校', 'Choose the schools the activity is for'),
  只能面向本机构服务的学校: tw('只能面向本機構服務的學校', 'An activity can only be for schools your organisation serves'),
  体验机构的活动只面向本机构的体验会员: tw('體驗機構的活動只面向本機構的體驗會員', "A trial organisation's activities are for its own trial members only"),
  只有草稿状态的活动可以发布: tw('只有草稿狀態的活動可以發布', 'Only a draft can be published'),
  '活动已结束或已取消，不能再修改': tw('活動已結束或已取消，不能再修改', 'The activity is closed or cancelled and can no longer be changed'),
  报名已截止: tw('報名已截止', 'Sign-ups have closed'),
  '报名截止时间已过，不能发布': tw('報名截止時間已過，不能發布', 'The sign-up deadline has passed, so it cannot be published'),
  活动未在报名中: tw('活動未在報名中', 'The activity is not taking sign-ups'),
  活动已取消: tw('活動已取消', 'The activity was cancelled'),
  您已报名该活动: tw('您已報名該活動', 'You have already signed up for this activity'),
  您尚未报名该活动: tw('您尚未報名該活動', 'You have not signed up for this activity'),
  报名人数超出每位会员可报人数: tw('報名人數超出每位會員可報人數', 'That is more seats than one member may take'),
  名额不能少于已确认的人数: tw('名額不能少於已確認的人數', 'The capacity cannot be below the seats already confirmed'),
  只有已确认的报名可以签到: tw('只有已確認的報名可以簽到', 'Only a confirmed sign-up can be marked'),
  活动当天才能签到: tw('活動當天才能簽到', 'Attendance can be marked from the day of the activity'),
};
