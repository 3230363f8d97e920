// Every API module, in registration order; their projections are registered by projections.ts.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context.ts';
import './projections.ts';
import healthRoutes from './health/routes.ts';
import liveRoutes from './live/routes.ts';
import passportRoutes from './passport/routes.ts';
import devRoutes from './dev/routes.ts';
import orgAppRoutes from './orgApps/routes.ts';
import userRoutes from './users/routes.ts';
import roleRoutes from './roles/routes.ts';
import permissionRoutes from './permissions/routes.ts';
import configRoutes from './config/routes.ts';
import datetimeRoutes from './datetime/routes.ts';
import categoryRoutes from './categories/routes.ts';
import mallRoutes from './mall/routes.ts';
import contactsRoutes from './contacts/routes.ts';
import roleManageRoutes from './roles/manageRoutes.ts';
import salesmanGroupRoutes from './roles/salesmanGroupRoutes.ts';
import permissionManageRoutes from './permissions/manageRoutes.ts';
import logRoutes from './logs/routes.ts';
import memberRoutes from './members/routes.ts';
import issueTrackerRoutes from './issueTracker/routes.ts';
import orgInitRoutes from './orgInit/routes.ts';
import appRoutes from './apps/routes.ts';
import agentRoutes from './agents/routes.ts';
import settingsRoutes from './config/settingsRoutes.ts';
import noticeRoutes from './notices/routes.ts';
import recipeCycleRoutes from './recipeCycles/routes.ts';
import allocationRoutes from './recipeCycles/allocationRoutes.ts';
import recipeSharingRoutes from './recipeSharing/routes.ts';
import recipeRoutes from './recipes/routes.ts';
import nutritionRoutes from './nutrition/routes.ts';
import orderRoutes from './orders/routes.ts';
import logisticsRoutes from './logistics/routes.ts';
import orderReturnRoutes from './orderReturns/routes.ts';
import orderReportRoutes from './orderReports/routes.ts';
import purchasePlanRoutes from './orders/purchasePlanRoutes.ts';
import recipeSettingsRoutes from './recipeSettings/routes.ts';
import recipeApproverRoutes from './recipeSettings/approverRoutes.ts';
import formRoutes from './forms/routes.ts';
import scaleRoutes from './scales/routes.ts';
import memberSignInRoutes from './storefront/memberSignIn.ts';
import storefrontRoutes from './storefront/storefrontRoutes.ts';
import mallOperatorRoutes from './storefront/operatorRoutes.ts';
import fruitMallRoutes from './fruitMall/routes.ts';
import fruitMemberRoutes from './fruitMall/memberRoutes.ts';

export type ModuleRoutes = (app: FastifyInstance, ctx: ModuleContext) => Promise<void>;

export const modules: ModuleRoutes[] = [healthRoutes, liveRoutes, passportRoutes, devRoutes, orgAppRoutes, userRoutes, roleRoutes, permissionRoutes, configRoutes, datetimeRoutes];

modules.push(contactsRoutes);
modules.push(roleManageRoutes, salesmanGroupRoutes, permissionManageRoutes);
modules.push(logRoutes);
modules.push(memberRoutes, issueTrackerRoutes);
modules.push(orgInitRoutes, appRoutes, agentRoutes);
modules.push(settingsRoutes, noticeRoutes);

modules.push(categoryRoutes, mallRoutes);
modules.push(recipeRoutes);
modules.push(recipeCycleRoutes, recipeSharingRoutes);
modules.push(allocationRoutes);
modules.push(orderRoutes);
modules.push(logisticsRoutes);
modules.push(orderReturnRoutes);
modules.push(orderReportRoutes);
modules.push(purchasePlanRoutes);
modules.push(recipeSettingsRoutes, formRoutes);
modules.push(recipeApproverRoutes);
modules.push(nutritionRoutes);
modules.push(scaleRoutes);
// issue 34: the members' storefront and its operators
modules.push(memberSignInRoutes, storefrontRoutes, mallOperatorRoutes);
// issue 34: the fruit mall (the member routes read the payment adapters the back office's module sets up)
modules.push(fruitMallRoutes, fruitMemberRoutes);
