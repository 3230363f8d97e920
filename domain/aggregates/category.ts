// §7 categories (every §3 groupName) and specs/settings: one stream per category (`category-<id>`) and per spec
// (`spec-<id>`). Facts other aggregates hold (does the parent exist, is the name taken) come in the command,
// looked up by the handler in the same transaction.
import { changedFields, withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { recipeSettingRefusal } from '../recipeSettings.ts';

export interface CategoryCreated {
  id: string; appId: string; parentId: string; name: string; groupName: string; enable: boolean; sort: number; isPackage: boolean;
  extraInfo: Record<string, unknown>;
}
export type CategoryUpdated = { id: string } & Partial<Omit<CategoryCreated, 'id' | 'appId'>>;
export interface CategoryDeleted { id: string; isPhysicalDelete: boolean }

export type CategoryEvent =
  | DomainEvent<'CategoryCreated', CategoryCreated>
  | DomainEvent<'CategoryUpdated', CategoryUpdated>
  | DomainEvent<'CategoryDeleted', CategoryDeleted>;

export type CategoryCommand =
  | { type: 'CreateCategory'; category: CategoryCreated; parentExists: boolean }
  | { type: 'UpdateCategory'; change: CategoryUpdated }
  /** usedBy: dishes and set meals filed under the category (a category in use is not deleted) */
  | { type: 'DeleteCategory'; id: string; isPhysicalDelete: boolean; usedBy?: number };

export interface CategoryState {
  status: 'none' | 'live' | 'deleted';
  category: Omit<CategoryCreated, 'id' | 'appId'> | null;
}

export const ROOT_PARENT = '-1';
const NOT_FOUND = '分类不存在';
const blank = (name: string | undefined) => name !== undefined && !name.trim();
export const categoryInUseText = (n: number) => `该分类下还有 ${n} 个菜品或套餐，请先移走或删除它们再删除分类`;

export const categoryDecider: Decider<CategoryCommand, CategoryState, CategoryEvent> = {
  initialState: () => ({ status: 'none', category: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateCategory': {
        const c = command.category;
        if (state.status !== 'none') return refuse('conflict', '分类已存在');
        if (blank(c.name)) return refuse('invalid', '参数错误：分类名称不能为空');
        if (c.parentId === c.id) return refuse('invalid', '参数错误：上级分类不能是自己');
        if (c.parentId !== ROOT_PARENT && !command.parentExists) return refuse('invalid', '参数错误：上级分类不存在');
        return [{ type: 'CategoryCreated', data: { ...c, name: c.name.trim() } }];
      }
      case 'UpdateCategory': {
        const { change } = command;
        if (state.status !== 'live' || !state.category) return refuse('notFound', NOT_FOUND);
        if (blank(change.name)) return refuse('invalid', '参数错误：分类名称不能为空');
        if (change.parentId === change.id) return refuse('invalid', '参数错误：上级分类不能是自己');
        const differs = changedFields(state.category, { ...change, ...(change.name !== undefined && { name: change.name.trim() }) }, 'id');
        // nothing differs: nothing to record
        return Object.keys(differs).length ? [{ type: 'CategoryUpdated', data: { id: change.id, ...differs } }] : [];
      }
      case 'DeleteCategory':
        if (state.status !== 'live') return refuse('notFound', NOT_FOUND);
        if ((command.usedBy ?? 0) > 0) return refuse('conflict', categoryInUseText(command.usedBy!));
        return [{ type: 'CategoryDeleted', data: { id: command.id, isPhysicalDelete: command.isPhysicalDelete } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated': {
        const { id: _id, appId: _app, ...category } = event.data;
        return { status: 'live', category };
      }
      case 'CategoryUpdated': {
        const { id: _id, ...change } = event.data;
        return { ...state, category: state.category && withChanges(state.category, change) };
      }
      case 'CategoryDeleted':
        return { ...state, status: 'deleted' };
    }
  },
};

export interface SpecCreated { id: string; appId: string; name: string; options: Record<string, unknown>; sort: number }
export type SpecUpdated = { id: string } & Partial<Pick<SpecCreated, 'name' | 'options' | 'sort'>>;

export type SpecEvent = DomainEvent<'SpecCreated', SpecCreated> | DomainEvent<'SpecUpdated', SpecUpdated>;

export type SpecCommand =
  /** nameTaken: another spec of the org-app already has this name */
  | { type: 'CreateSpec'; spec: SpecCreated; nameTaken: boolean }
  | { type: 'UpdateSpec'; change: SpecUpdated; nameTaken: boolean };

export interface SpecState { exists: boolean; name: string }

const nameTakenText = (name: string) => `参数错误：规格设置「${name}」已存在`;

export const specDecider: Decider<SpecCommand, SpecState, SpecEvent> = {
  initialState: () => ({ exists: false, name: '' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateSpec': {
        const name = command.spec.name.trim();
        if (state.exists) return refuse('conflict', '规格设置已存在');
        if (!name) return refuse('invalid', '参数错误：规格设置名称不能为空');
        if (command.nameTaken) return refuse('invalid', nameTakenText(name));
        const badOptions = recipeSettingRefusal(name, command.spec.options);
        if (badOptions) return refuse('invalid', badOptions);
        return [{ type: 'SpecCreated', data: { ...command.spec, name } }];
      }
      case 'UpdateSpec': {
        if (!state.exists) return refuse('notFound', '规格设置不存在');
        const name = command.change.name?.trim();
        if (name !== undefined && !name) return refuse('invalid', '参数错误：规格设置名称不能为空');
        if (name !== undefined && name !== state.name && command.nameTaken) return refuse('invalid', nameTakenText(name));
        // a recipe setting's options keep their shape (domain/recipeSettings.ts)
        const badOptions = command.change.options && recipeSettingRefusal(name ?? state.name, command.change.options);
        if (badOptions) return refuse('invalid', badOptions);
        return [{ type: 'SpecUpdated', data: { ...command.change, ...(name !== undefined && { name }) } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SpecCreated': return { exists: true, name: event.data.name };
      case 'SpecUpdated': return { ...state, name: event.data.name ?? state.name };
    }
  },
};
