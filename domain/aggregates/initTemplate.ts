// §7 init templates (/v3/orgappinit/template): what a new org is made of. One stream per template, folded
// (its events carry the whole template); whether a name is taken is looked up by the handler.
import { refuse, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import { validateTemplate, type InitTemplateContent } from '../orgInit.ts';

export interface InitTemplateCreated { id: string; name: string; disabled: boolean; content: InitTemplateContent }
export type InitTemplateUpdated = { id: string } & Partial<Omit<InitTemplateCreated, 'id'>>;

export type InitTemplateEvent = DomainEvent<'InitTemplateCreated', InitTemplateCreated> | DomainEvent<'InitTemplateUpdated', InitTemplateUpdated>;

export type InitTemplateCommand =
  | { type: 'CreateTemplate'; template: InitTemplateCreated; nameTaken: boolean }
  /** the fields sent are recorded; `nameTaken`: another template has the new name */
  | { type: 'UpdateTemplate'; change: InitTemplateUpdated; nameTaken: boolean };

export type InitTemplateState = Omit<InitTemplateCreated, 'id'> | null;

export const TEMPLATE_MISSING = '初始化模板不存在';
const nameTakenText = (name: string) => `模板名称已存在：${name}`;

function contentRefusal(t: { name: string; content: InitTemplateContent }): Refusal | null {
  const errors = validateTemplate(t);
  return errors.length ? refuse('unprocessable', `模板内容有误：${errors.slice(0, 5).join('；')}${errors.length > 5 ? ` 等 ${errors.length} 处` : ''}`, errors) : null;
}

export const initTemplateDecider: Decider<InitTemplateCommand, InitTemplateState, InitTemplateEvent> = {
  initialState: () => null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateTemplate': {
        if (state) return refuse('conflict', '初始化模板已存在');
        const template = { ...command.template, name: command.template.name.trim() };
        const bad = contentRefusal(template);
        if (bad) return bad;
        if (command.nameTaken) return refuse('conflict', nameTakenText(template.name));
        return [{ type: 'InitTemplateCreated', data: template }];
      }
      case 'UpdateTemplate': {
        if (!state) return refuse('notFound', TEMPLATE_MISSING);
        const { change } = command;
        const name = change.name?.trim();
        if (name !== undefined || change.content !== undefined) {
          const bad = contentRefusal({ name: name ?? state.name, content: change.content ?? state.content });
          if (bad) return bad;
        }
        if (name !== undefined && name !== state.name && command.nameTaken) return refuse('conflict', nameTakenText(name));
        const update: InitTemplateUpdated = {
          id: change.id, ...(name !== undefined && { name }), ...(change.disabled !== undefined && { disabled: change.disabled }),
          ...(change.content !== undefined && { content: change.content }),
        };
        return Object.keys(update).length > 1 ? [{ type: 'InitTemplateUpdated', data: update }] : [];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'InitTemplateCreated': {
        const { id: _, ...template } = event.data;
        return template;
      }
      case 'InitTemplateUpdated': {
        const { id: _, ...change } = event.data;
        return state && { ...state, ...change };
      }
    }
  },
};
