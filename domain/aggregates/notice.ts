// §2 通知列表: a notice of one org, its edits and who has read it. One stream per notice.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export interface NoticeCreated { noticeId: string; title: string; content: string; publishedAt: string; createdBy: string; createdByName: string }
export interface NoticeUpdated { noticeId: string; title?: string; content?: string; publishedAt?: string }
export interface NoticeRemoved { noticeId: string }
export interface NoticeRead { noticeId: string; userId: string }

export type NoticeEvent =
  | DomainEvent<'NoticeCreated', NoticeCreated>
  | DomainEvent<'NoticeUpdated', NoticeUpdated>
  | DomainEvent<'NoticeRemoved', NoticeRemoved>
  | DomainEvent<'NoticeRead', NoticeRead>;

export type NoticeCommand =
  | { type: 'CreateNotice'; noticeId: string; title: string; content: string; publishedAt: string; createdBy: string; createdByName: string }
  | { type: 'UpdateNotice'; noticeId: string; title?: string; content?: string; publishedAt?: string }
  | { type: 'RemoveNotice'; noticeId: string }
  /** `now` decides whether the notice is published yet: a scheduled notice cannot be read */
  | { type: 'MarkNoticeRead'; noticeId: string; userId: string; now: string };

export interface NoticeState {
  status: 'none' | 'live' | 'removed';
  title: string;
  content: string;
  publishedAt: string;
  readers: ReadonlySet<string>;
}

export const TITLE_MAX = 100;

const NOT_FOUND = '通知不存在';

function titleRefusal(title: string) {
  if (!title.trim()) return refuse('invalid', '参数错误：标题不能为空');
  if (title.trim().length > TITLE_MAX) return refuse('invalid', `参数错误：标题不能超过 ${TITLE_MAX} 个字`);
  return null;
}

export const noticeDecider: Decider<NoticeCommand, NoticeState, NoticeEvent> = {
  initialState: () => ({ status: 'none', title: '', content: '', publishedAt: '', readers: new Set() }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateNotice': {
        if (state.status !== 'none') return refuse('conflict', '通知已存在');
        const bad = titleRefusal(command.title);
        if (bad) return bad;
        const { type: _, ...data } = command;
        return [{ type: 'NoticeCreated', data: { ...data, title: command.title.trim() } }];
      }
      case 'UpdateNotice': {
        if (state.status !== 'live') return refuse('notFound', NOT_FOUND);
        const bad = command.title !== undefined ? titleRefusal(command.title) : null;
        if (bad) return bad;
        const title = command.title?.trim();
        const change: NoticeUpdated = {
          noticeId: command.noticeId,
          ...(title !== undefined && title !== state.title && { title }),
          ...(command.content !== undefined && command.content !== state.content && { content: command.content }),
          ...(command.publishedAt !== undefined && command.publishedAt !== state.publishedAt && { publishedAt: command.publishedAt }),
        };
        // nothing differs: nothing to record
        return Object.keys(change).length > 1 ? [{ type: 'NoticeUpdated', data: change }] : [];
      }
      case 'RemoveNotice':
        if (state.status !== 'live') return refuse('notFound', NOT_FOUND);
        return [{ type: 'NoticeRemoved', data: { noticeId: command.noticeId } }];
      case 'MarkNoticeRead':
        if (state.status !== 'live' || state.publishedAt > command.now) return refuse('notFound', NOT_FOUND);
        if (state.readers.has(command.userId)) return [];
        return [{ type: 'NoticeRead', data: { noticeId: command.noticeId, userId: command.userId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'NoticeCreated':
        return { ...state, status: 'live', title: event.data.title, content: event.data.content, publishedAt: event.data.publishedAt };
      case 'NoticeUpdated':
        return {
          ...state,
          title: event.data.title ?? state.title,
          content: event.data.content ?? state.content,
          publishedAt: event.data.publishedAt ?? state.publishedAt,
        };
      case 'NoticeRemoved':
        return { ...state, status: 'removed' };
      case 'NoticeRead':
        return { ...state, readers: new Set([...state.readers, event.data.userId]) };
    }
  },
};
