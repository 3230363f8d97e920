// The one projection registry: every module's projection handlers, registered here and only here, in this order.
// Order matters where two modules project one event type: a price's row is written (mall) before the survey
// average fills its market price (surveys). The server, the rebuild and the tests import this file.
import './orgApps/projection.ts';
import './users/projection.ts';
import './roles/projection.ts';
import './roles/relationProjection.ts';
import './permissions/projection.ts';
import './config/projection.ts';
import './categories/projection.ts';
import './mall/projection.ts';
import './mall/surveyProjection.ts';
import './mall/routeProjection.ts';
import './contacts/projection.ts';
import './members/projection.ts';
import './orgInit/projection.ts';
import './servicePlan/projection.ts';
import './apps/projection.ts';
import './agents/projection.ts';
import './notices/projection.ts';
import './shortLinks/projection.ts';
import './productUpdates/projection.ts';
import './recipeCycles/projection.ts';
import './recipeSharing/projection.ts';
import './recipes/ingredientProjection.ts';
import './recipes/dishProjection.ts';
import './recipes/packageProjection.ts';
import './recipeSettings/projection.ts';
import './forms/projection.ts';
import './orders/projection.ts';
import './orderReturns/projection.ts';
// after orders and returns: the reports' daily rollup recomputes an order's cell from the rows they just wrote
import './orderReports/projection.ts';
import './logistics/projection.ts';
import './scales/projection.ts';
import './storefront/projection.ts';
import './activities/projection.ts';
import './fruitMall/projection.ts';
import './devices/projection.ts';
